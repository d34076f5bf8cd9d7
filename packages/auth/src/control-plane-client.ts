import {
  CENTRE_API_PATH,
  type CatalogueInfo,
  type CentreBillingInfo,
  type CentrePayInput,
  type CentrePlanInfo,
  type ChannelAnswer,
  type ChannelInput,
  type ChannelOutput,
  type ReportedWebsite,
  type WebsitesReportResult,
} from './service-channel.ts';
import type { ServicePurpose, TokenService } from './tokens.ts';

/**
 * The tenant API's side of the control-plane channel (`deps.controlPlane`): each call carries a
 * service token minted for that centre and that call's purpose alone, valid 60 s. The control
 * plane takes the centre from the verified token, never from the input.
 */
export interface ControlPlaneClient {
  /** A platform catalogue (immunizations, learning frameworks, newsletter templates, …). */
  catalogue(centreId: string, name: string): Promise<CatalogueInfo>;
  /** The centre's own plan and trial status. */
  plan(centreId: string): Promise<CentrePlanInfo>;
  /** Reports every public website of the centre (the whole list: sites left out are forgotten). */
  reportWebsites(centreId: string, sites: ReportedWebsite[]): Promise<WebsitesReportResult>;
  /** The centre's own invoices, payments and cards with the platform. */
  billing(centreId: string): Promise<CentreBillingInfo>;
  /** Pays one of the centre's own open invoices by card. */
  payInvoice(centreId: string, input: CentrePayInput): Promise<ChannelOutput<'billing.pay'>>;
}

/** Carries one call: the token, the purpose and the JSON input to the control plane, and its answer back. */
export type ChannelTransport = (token: string, purpose: ServicePurpose, input: unknown) => Promise<ChannelAnswer>;

/** A refusal or failure of the control plane, with its HTTP status, code and (for bad input) field. */
export class ControlPlaneError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ControlPlaneError';
  }
}

const unavailable = (message: string): ChannelAnswer => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message } } });

/** Over HTTP to the control plane at `baseUrl` (production: the platform host, reached inside the network). */
export function httpTransport(baseUrl: string, opts: { fetch?: typeof fetch; timeoutMs?: number } = {}): ChannelTransport {
  const base = baseUrl.replace(/\/+$/, '');
  const fetchFn = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5000;
  return async (token, purpose, input) => {
    let res: Response;
    try {
      res = await fetchFn(`${base}${CENTRE_API_PATH}/${purpose}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return unavailable('The platform could not be reached.');
    }
    try {
      return { status: res.status, body: (await res.json()) as ChannelAnswer['body'] };
    } catch {
      return unavailable(`The platform answered ${res.status} without a readable body.`);
    }
  };
}

/**
 * The control plane's own handler, called in this process (`npm start` serves both apps): input
 * and answer go through JSON as they would over HTTP, so both transports give the same values.
 */
export function inProcessTransport(
  channel: (token: string | null, purpose: string, input: unknown) => Promise<ChannelAnswer>,
): ChannelTransport {
  return async (token, purpose, input) =>
    JSON.parse(JSON.stringify(await channel(token, purpose, JSON.parse(JSON.stringify(input ?? {})))));
}

export function createControlPlaneClient({ tokens, transport }: { tokens: TokenService; transport: ChannelTransport }): ControlPlaneClient {
  async function call<P extends ServicePurpose>(centreId: string, purpose: P, input: ChannelInput<P>): Promise<ChannelOutput<P>> {
    const token = await tokens.signService({ tid: centreId, purpose });
    const { status, body } = await transport(token, purpose, input);
    if (status === 200 && body && 'data' in body) return body.data as ChannelOutput<P>;
    const error =
      body && 'error' in body ? body.error : { code: 'UNAVAILABLE', message: `The platform answered ${status}.`, field: undefined };
    throw new ControlPlaneError(status, error.code, error.message, error.field);
  }
  return {
    catalogue: (centreId, name) => call(centreId, 'catalogue.read', { name }),
    plan: (centreId) => call(centreId, 'plan.read', {}),
    reportWebsites: (centreId, sites) => call(centreId, 'websites.report', { sites }),
    billing: (centreId) => call(centreId, 'billing.read', {}),
    payInvoice: (centreId, input) => call(centreId, 'billing.pay', input),
  };
}
