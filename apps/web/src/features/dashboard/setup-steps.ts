import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';

/**
 * The setup checklist of a new centre (spec §2), in the spec's order. Each step is ticked from
 * real data: the first of its candidate queries that this server has, counted.
 */
export interface SetupStep {
  id: 'location' | 'camera' | 'streamingServer' | 'schoolProfile' | 'room' | 'manager' | 'contact' | 'student';
  queries: readonly string[];
  /** Value for a `role` argument, when the query lists users by role. */
  role?: string;
  to(kind: CentreKind | null): string;
}

export const SETUP_STEPS: readonly SetupStep[] = [
  {
    id: 'location',
    queries: ['locations', 'getAllLocations', 'managerAllLocationsList', 'activeLocations', 'dropdownLocations'],
    to: () => paths.locations.to(),
  },
  { id: 'camera', queries: ['location_cameras', 'cameras', 'getOnlineCameras'], to: () => paths.cameras.to() },
  {
    id: 'streamingServer',
    queries: ['getStreams', 'streams', 'streamingServers', 'getStreamingServers'],
    to: () => paths.streamingServers.to(),
  },
  { id: 'schoolProfile', queries: ['getSchoolProfile', 'schoolProfile'], to: () => paths.schoolProfile.to() },
  { id: 'room', queries: ['roomsByLocation', 'rooms', 'programs'], to: () => paths.rooms.to() },
  { id: 'manager', queries: ['getManagersList', 'managers', 'roleUsers'], role: 'manager', to: () => paths.managers.to() },
  {
    id: 'contact',
    queries: ['roleUsers', 'users', 'contacts'],
    role: 'user',
    to: (kind) => (kind === 'petcare' ? paths.contacts.to() : paths.users.to()),
  },
  { id: 'student', queries: ['students', 'getActiveStudents'], to: (kind) => (kind === 'petcare' ? paths.pets.to() : paths.students.to()) },
];

export const ALL_SETUP_QUERIES = [...new Set(SETUP_STEPS.flatMap((s) => s.queries))];

/** Location counters of spec §7 ("invited, pending, students, users, programs, managers, teachers, waitlist"). */
export const COUNTER_QUERIES = [
  'getLocationCounters',
  'locationCounters',
  'getLocationCounter',
  'locationCounter',
  'getManagerCounters',
  'getCounters',
  'counters',
] as const;
export const COUNTER_NAMES = ['students', 'users', 'teachers', 'managers', 'programs', 'invited', 'pending', 'waitlist'] as const;
