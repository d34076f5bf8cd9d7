import { z } from 'zod';
import type { Knex } from 'knex';
import { AppError } from '@kv/server';
import { AuthError, SERVICE_PURPOSES, type CentrePayInput, type ChannelAnswer, type ServicePurpose, type TokenService } from '@kv/auth';
import type { TenantDirectory } from '@kv/directory';
import type { Log } from '../../deps.ts';
import { storeWebsitesReport } from '../customer-websites/service.ts';
import * as repo from './repo.ts';
import { ChannelError, badChannelInput, catalogueNotFound, centreNotFound, unauthenticated, unknownCall, wrongPurpose } from './errors.ts';

/**
 * One call of a centre to the control plane: the service token (bearer), the call's purpose and
 * its JSON input. Answers a status and a typed body, over HTTP (routes.ts) or in-process alike.
 */
export type CentreChannel = (token: string | null, purpose: string, input: unknown) => Promise<ChannelAnswer>;

const CATALOGUE_NAME = /^[a-z][a-z0-9-]{0,62}$/;
const CATALOGUE_NAME_RULE = 'name is a catalogue name (lower-case letters, digits and -).';
const SITE_SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;
const SLUG_RULE = 'slug is lower-case letters, digits and - (at most 60).';
const MAX_SITES = 50;

/** Each call's input: a JSON object with exactly these fields (absent input is an empty one). */
const inputs = {
  'plan.read': z.strictObject({}),
  'catalogue.read': z.strictObject({
    name: z.string(CATALOGUE_NAME_RULE).regex(CATALOGUE_NAME, CATALOGUE_NAME_RULE),
  }),
  'websites.report': z.strictObject({
    sites: z
      .array(
        z.strictObject({
          id: z.uuid('id is the site\'s uuid.'),
          slug: z.string(SLUG_RULE).regex(SITE_SLUG, SLUG_RULE),
          title: z.string('title is text.').trim().min(1, 'title is required.').max(150, 'title must be at most 150 characters.'),
          kind: z.enum(['website', 'blog'], 'kind must be one of: website, blog.'),
          pages: z.number('pages is a whole number.').int('pages is a whole number.').min(0).max(10_000),
          published: z.boolean('published must be true or false.'),
          updated_at: z.iso.datetime({ offset: true, message: 'updated_at is an ISO instant.' }),
        }),
        'sites is a list of sites.',
      )
      .max(MAX_SITES, `sites holds at most ${MAX_SITES} sites.`)
      .refine((list) => new Set(list.map((s) => s.slug)).size === list.length, 'sites may not repeat a slug.')
      .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'sites may not repeat an id.'),
  }),
  'billing.read': z.strictObject({}),
  'billing.pay': z.strictObject({
    invoice_id: z.string('invoice_id is an invoice id.').regex(/^[0-9]{1,18}$/, 'invoice_id is an invoice id.'),
    payment_method_id: z
      .string('payment_method_id must be a card reference (pm_…).')
      .regex(/^pm_[A-Za-z0-9]{6,100}$/, 'payment_method_id must be a card reference (pm_…).')
      .nullish(),
    method: z.enum(['card', 'transfer', 'cheque'], 'method must be one of: card, transfer, cheque.').nullish(),
    reference: z.string('reference is text.').trim().max(200, 'reference is at most 200 characters.').nullish(),
    paid_by: z.string('paid_by names who pays.').trim().min(1, 'paid_by names who pays.').max(200, 'paid_by is at most 200 characters.'),
  }),
} satisfies Record<ServicePurpose, z.ZodType>;

/**
 * The channel's `parseArgs`: the same zod schemas, the first problem answered as the channel's
 * typed 400 naming the field (an unknown field is named itself, as it is not an input of the call).
 */
function channelArgs<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const extra = issue.keys[0]!.slice(0, 60);
    throw badChannelInput(extra, `${extra} is not an input of this call.`);
  }
  if (issue.path.length === 0) throw badChannelInput('input', 'The input is a JSON object.');
  throw badChannelInput(issue.path.map(String).join('.'), issue.message);
}

/**
 * The centre's own platform billing, as the channel reaches it (center-billing's service, made
 * lazily: the runtime that service needs is being built when the channel is).
 */
export interface ChannelBilling {
  read(centreId: string): Promise<unknown>;
  pay(centreId: string, input: CentrePayInput): Promise<unknown>;
}

/** A typed refusal of platform billing (bad card, nothing owed, …) as the channel's 400 naming its field. */
function fromBilling(e: unknown): never {
  if (e instanceof AppError && e.code !== 'PAYMENT_PROVIDER_UNAVAILABLE') {
    const field = (e.extensions as { field?: string } | undefined)?.field;
    throw new ChannelError(e.code === 'CENTER_NOT_FOUND' ? 404 : 400, {
      code: e.code === 'CENTER_NOT_FOUND' ? 'NOT_FOUND' : 'BAD_USER_INPUT',
      message: e.message,
      ...(field ? { field } : {}),
    });
  }
  if (e instanceof AppError) throw new ChannelError(503, { code: 'UNAVAILABLE', message: e.message });
  throw e;
}

/**
 * The calls a centre may make. Each reads or writes as the centre named by the verified token and
 * no other: no call takes a centre id from its input.
 */
function calls(
  db: Knex,
  directory: Pick<TenantDirectory, 'invalidate'> | null,
  billing: () => ChannelBilling | null,
): Record<ServicePurpose, (centreId: string, input: unknown) => Promise<unknown>> {
  const ownBilling = async (centreId: string) => {
    if (!(await repo.centreKnown(db, centreId))) throw centreNotFound();
    const b = billing();
    if (!b) throw new ChannelError(503, { code: 'UNAVAILABLE', message: 'Platform billing is not available here.' });
    return b;
  };
  return {
    'billing.read': async (centreId, input) => {
      channelArgs(inputs['billing.read'], input);
      return (await ownBilling(centreId)).read(centreId).catch(fromBilling);
    },
    'billing.pay': async (centreId, input) => {
      const args = channelArgs(inputs['billing.pay'], input);
      return (await ownBilling(centreId)).pay(centreId, args).catch(fromBilling);
    },
    'plan.read': async (centreId, input) => {
      channelArgs(inputs['plan.read'], input);
      const plan = await repo.centrePlan(db, centreId);
      if (!plan) throw centreNotFound();
      return plan;
    },
    'catalogue.read': async (centreId, input) => {
      const { name } = channelArgs(inputs['catalogue.read'], input);
      if (!(await repo.centreKnown(db, centreId))) throw centreNotFound();
      const found = await repo.catalogue(db, name);
      if (!found) throw catalogueNotFound();
      return found;
    },
    'websites.report': async (centreId, input) => {
      const { sites } = channelArgs(inputs['websites.report'], input);
      if (!(await repo.centreKnown(db, centreId))) throw centreNotFound();
      return storeWebsitesReport(db, directory, centreId, sites);
    },
  };
}

export function createCentreChannel(deps: {
  tokens: TokenService;
  controlDb: Knex;
  log: Log;
  /** Announces a centre's entry again when its offline websites changed (absent: nothing to announce). */
  directory?: Pick<TenantDirectory, 'invalidate'>;
  billing?: () => ChannelBilling;
}): CentreChannel {
  const handlers = calls(deps.controlDb, deps.directory ?? null, deps.billing ?? (() => null));
  return async (token, purpose, input) => {
    try {
      if (!(SERVICE_PURPOSES as readonly string[]).includes(purpose)) throw unknownCall(purpose);
      if (!token) throw unauthenticated();
      let centreId: string;
      try {
        centreId = (await deps.tokens.verifyService(token, purpose as ServicePurpose)).tid;
      } catch (e) {
        if (e instanceof AuthError) throw e.reason === 'purpose' ? wrongPurpose() : unauthenticated();
        throw e;
      }
      return { status: 200, body: { data: await handlers[purpose as ServicePurpose](centreId, input) } };
    } catch (e) {
      if (e instanceof ChannelError) return { status: e.status, body: { error: e.body } };
      deps.log.error({ err: e, purpose }, 'centre channel call failed');
      return { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The platform could not answer just now. Try again.' } } };
    }
  };
}
