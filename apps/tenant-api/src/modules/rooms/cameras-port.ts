import type { Knex } from 'knex';
import { port } from '../../core/port.ts';

type Db = Knex | Knex.Transaction;

/** A camera as a group lists it (the cameras area's row). */
export interface GroupCamera {
  id: string;
  location_id: string;
  order: number;
  [key: string]: unknown;
}

/** What rooms need of the cameras area (which depends on rooms), plugged in by modules/index.ts. */
export const roomCameras = port<{
  /** Cameras by id (not deleted), in any location. */
  findCameras(db: Db, ids: readonly string[]): Promise<GroupCamera[]>;
  /** Unassigns the cameras of a room being deleted. */
  clearRoom(db: Db, programId: string): Promise<void>;
}>('rooms → cameras');
