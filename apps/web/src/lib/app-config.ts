/** What the host says about itself (`GET /app-config.json`), read before anything renders. */
export interface CentreConfig {
  name: string;
  slug: string;
  kind: 'childcare' | 'petcare';
  language_pack: 'default' | 'dogs';
}

export interface AppConfig {
  surface: 'platform' | 'centre';
  centre: CentreConfig | null;
  devMailbox: boolean;
  /** Centre hosts: where Stripe.js loads from (the local stand-in /dev/stripe/v3.js, or js.stripe.com). */
  stripeJs?: string;
  /** The platform host: the platform account's publishable key (the sign-up funnel's card). */
  stripeKey?: string;
}

export type LanguagePack = CentreConfig['language_pack'];

export class AppConfigError extends Error {
  constructor(
    readonly reason: 'network' | 'status' | 'shape',
    readonly httpStatus?: number,
  ) {
    super(`app-config.json: ${reason}${httpStatus ? ` ${httpStatus}` : ''}`);
    this.name = 'AppConfigError';
  }
}

const oneOf = <T extends string>(value: unknown, options: readonly T[]): value is T =>
  typeof value === 'string' && (options as readonly string[]).includes(value);

// Checked by hand rather than with zod: this runs on every page load, before the first paint.
function parseCentre(value: unknown): CentreConfig | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const c = value as Record<string, unknown>;
  if (typeof c.name !== 'string' || typeof c.slug !== 'string') return undefined;
  if (!oneOf(c.kind, ['childcare', 'petcare'] as const) || !oneOf(c.language_pack, ['default', 'dogs'] as const)) return undefined;
  return { name: c.name, slug: c.slug, kind: c.kind, language_pack: c.language_pack };
}

export function parseAppConfig(value: unknown): AppConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const centre = parseCentre(v.centre ?? null);
  if (!oneOf(v.surface, ['platform', 'centre'] as const) || centre === undefined || typeof v.devMailbox !== 'boolean') return null;
  if (v.surface === 'centre' && centre === null) return null;
  return { surface: v.surface, centre, devMailbox: v.devMailbox, ...(typeof v.stripeJs === 'string' ? { stripeJs: v.stripeJs } : {}), ...(typeof v.stripeKey === 'string' ? { stripeKey: v.stripeKey } : {}) };
}

export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetchImpl('/app-config.json', { headers: { accept: 'application/json' }, cache: 'no-store' });
  } catch {
    throw new AppConfigError('network');
  }
  if (!response.ok) throw new AppConfigError('status', response.status);
  const config = parseAppConfig(await response.json().catch(() => null));
  if (!config) throw new AppConfigError('shape');
  return config;
}

export function languagePackOf(config: AppConfig): LanguagePack {
  return config.centre?.language_pack ?? 'default';
}
