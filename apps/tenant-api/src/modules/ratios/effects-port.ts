import type { Knex } from 'knex';
import type { RequestContext } from '../../types.ts';
import { port } from '../../core/port.ts';
import type { RoomRatio } from './service.ts';

/** The centre a ratio alert is sent for (the attendance notifier's environment). */
export interface RatioEnv {
  centreId: string;
  centre: string;
}

export const ratioEnvOf = (ctx: RequestContext): RatioEnv => ({ centreId: ctx.tenant.id, centre: ctx.tenant.name });

/**
 * What a ratio change sets off in the attendance area (which depends on ratios for its counts),
 * plugged in by modules/index.ts: the team's alert, the live ratio topic and the tick that
 * re-checks every room.
 */
export const ratioEffects = port<{
  /** Queues a message to a location's team in the caller's transaction. */
  notifyTeam(trx: Knex.Transaction, env: RatioEnv, locationId: string, template: string, data: Record<string, unknown>): Promise<unknown>;
  /** Tells the location's live ratio subscribers (after the commit). */
  publishRatios(ctx: RequestContext, locationId: string, rooms: RoomRatio[]): void;
  /** Makes sure the centre's 5-minute attendance tick is scheduled. */
  scheduleTick(db: Knex | Knex.Transaction, centreId: string, centre: string): Promise<void>;
}>('ratios → attendance');
