import type { Knex } from 'knex';
import { AuthError, SERVICE_PURPOSES, type ChannelAnswer, type ServicePurpose, type TokenService } from '@kv/auth';
import type { Log } from '../../deps.ts';
import * as repo from './repo.ts';
import { ChannelError, badChannelInput, catalogueNotFound, centreNotFound, unauthenticated, unknownCall, wrongPurpose } from './errors.ts';

/**
 * One call of a centre to the control plane: the service token (bearer), the call's purpose and
 * its JSON input. Answers a status and a typed body, over HTTP (routes.ts) or in-process alike.
 */
export type CentreChannel = (token: string | null, purpose: string, input: unknown) => Promise<ChannelAnswer>;

const CATALOGUE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

function inputObject(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw badChannelInput('input', 'The input is a JSON object.');
  return input as Record<string, unknown>;
}

function onlyFields(input: Record<string, unknown>, allowed: string[]): void {
  const extra = Object.keys(input).find((k) => !allowed.includes(k));
  if (extra !== undefined) throw badChannelInput(extra.slice(0, 60), `${extra.slice(0, 60)} is not an input of this call.`);
}

/**
 * The calls a centre may make. Each reads or writes as the centre named by the verified token and
 * no other: no call takes a centre id from its input.
 */
function calls(db: Knex): Record<ServicePurpose, (centreId: string, input: Record<string, unknown>) => Promise<unknown>> {
  return {
    'plan.read': async (centreId, input) => {
      onlyFields(input, []);
      const plan = await repo.centrePlan(db, centreId);
      if (!plan) throw centreNotFound();
      return plan;
    },
    'catalogue.read': async (centreId, input) => {
      onlyFields(input, ['name']);
      const { name } = input;
      if (typeof name !== 'string' || !CATALOGUE_NAME.test(name))
        throw badChannelInput('name', 'name is a catalogue name (lower-case letters, digits and -).');
      if (!(await repo.centreKnown(db, centreId))) throw centreNotFound();
      const found = await repo.catalogue(db, name);
      if (!found) throw catalogueNotFound();
      return found;
    },
  };
}

export function createCentreChannel(deps: { tokens: TokenService; controlDb: Knex; log: Log }): CentreChannel {
  const handlers = calls(deps.controlDb);
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
      return { status: 200, body: { data: await handlers[purpose as ServicePurpose](centreId, inputObject(input)) } };
    } catch (e) {
      if (e instanceof ChannelError) return { status: e.status, body: { error: e.body } };
      deps.log.error({ err: e, purpose }, 'centre channel call failed');
      return { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The platform could not answer just now. Try again.' } } };
    }
  };
}
