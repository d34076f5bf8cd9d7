import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';

/** The setup checklist of a new centre (spec §2), in the spec's order; each step is ticked from real data. */
export interface SetupStep {
  id: 'location' | 'camera' | 'streamingServer' | 'schoolProfile' | 'room' | 'manager' | 'contact' | 'student';
  to(kind: CentreKind | null): string;
}

export const SETUP_STEPS: readonly SetupStep[] = [
  { id: 'location', to: () => paths.locations.to() },
  { id: 'camera', to: () => paths.cameras.to() },
  { id: 'streamingServer', to: () => paths.streamingServers.to() },
  { id: 'schoolProfile', to: () => paths.schoolProfile.to() },
  { id: 'room', to: () => paths.rooms.to() },
  { id: 'manager', to: () => paths.managers.to() },
  { id: 'contact', to: (kind) => (kind === 'petcare' ? paths.contacts.to() : paths.users.to()) },
  { id: 'student', to: (kind) => (kind === 'petcare' ? paths.pets.to() : paths.students.to()) },
];

/** Location counters of spec §7 ("invited, pending, students, users, programs, managers, teachers, waitlist"). */
export const COUNTER_NAMES = ['students', 'users', 'teachers', 'managers', 'programs', 'invited', 'pending', 'waitlist'] as const;
