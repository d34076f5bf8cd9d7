import { createPersistentStore } from './persistent-store';
import { STORAGE_KEYS } from './storage-keys';

export interface CurrentLocation {
  id: string;
  name: string;
}

const isLocation = (value: unknown): value is CurrentLocation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CurrentLocation).id === 'string' &&
  typeof (value as CurrentLocation).name === 'string';

const isNullableLocation = (value: unknown): value is CurrentLocation | null => value === null || isLocation(value);

/** The location the staff member works in, remembered across visits (spec §4). */
export const currentLocation = createPersistentStore<CurrentLocation | null>(STORAGE_KEYS.currentLocation, isNullableLocation, null);
