import type { AnyVariables, TypedDocumentNode, UseQueryArgs, UseQueryResponse } from 'urql';
import { useQuery } from 'urql';
import {
  SetupCamerasQuery,
  SetupLocationsQuery,
  SetupRoleUsersQuery,
  SetupRoomsQuery,
  SetupSchoolProfileQuery,
  SetupStreamsQuery,
  SetupStudentsQuery,
} from '../api/setup-progress.query';
import { SETUP_STEPS, type SetupStep } from '../setup-steps';
import { useCurrentLocationId } from './current-location-id';

export type StepStatus = { step: SetupStep; done: boolean };
export type SetupProgress = { status: 'loading' } | { status: 'done'; value: StepStatus[] } | { status: 'failed' };

const CONTEXT = { additionalTypenames: ['Location', 'Camera', 'StreamingServer', 'SchoolProfile', 'Program', 'User', 'Student'] };

/** A step's answer: a number (0 = not done), null while loading; a refused query counts as not done. */
function countOf<D, V extends AnyVariables>(
  result: UseQueryResponse<D, V>[0],
  count: (data: D) => number,
  paused = false,
): number | null | 'error' {
  if (paused) return null;
  if (result.error && !result.data) return 'error';
  if (!result.data) return null;
  return count(result.data);
}

function useStepQuery<D, V extends AnyVariables>(query: TypedDocumentNode<D, V>, variables: V, pause = false) {
  return useQuery<D, V>({ query, variables, pause, requestPolicy: 'cache-and-network', context: CONTEXT } as UseQueryArgs<V, D>)[0];
}

/**
 * Each setup step with whether the centre's real data shows it done: locations, then the current
 * location's cameras, streaming servers and rooms, the school profile, managers, contacts and students.
 */
export function useSetupProgress(): SetupProgress {
  const locationId = useCurrentLocationId();
  const noLocation = locationId === null;
  const locations = useStepQuery(SetupLocationsQuery, {});
  const cameras = useStepQuery(SetupCamerasQuery, { location_id: locationId ?? '' }, noLocation);
  const streams = useStepQuery(SetupStreamsQuery, { location_id: locationId });
  const school = useStepQuery(SetupSchoolProfileQuery, {});
  const rooms = useStepQuery(SetupRoomsQuery, { location_id: locationId ?? '' }, noLocation);
  const managers = useStepQuery(SetupRoleUsersQuery, { role: 'manager', location_id: locationId });
  const contacts = useStepQuery(SetupRoleUsersQuery, { role: 'user', location_id: locationId });
  const students = useStepQuery(SetupStudentsQuery, { location_id: locationId });

  const locationCount = countOf(locations, (d) => d.locations.paginatorInfo.total);
  // Without any location there is nothing to count cameras or rooms in.
  const perLocation = (value: number | null | 'error') =>
    noLocation ? (locationCount === 0 || locationCount === 'error' ? 0 : null) : value;
  const counts: Record<SetupStep['id'], number | null | 'error'> = {
    location: locationCount,
    camera: perLocation(countOf(cameras, (d) => d.location_cameras.paginatorInfo.total, noLocation)),
    streamingServer: countOf(streams, (d) => d.getStreams.paginatorInfo.total),
    schoolProfile: countOf(school, (d) => (d.getSchoolProfile.school_name ? 1 : 0)),
    room: perLocation(countOf(rooms, (d) => d.roomsByLocation.length, noLocation)),
    manager: countOf(managers, (d) => d.roleUsers.paginatorInfo.total),
    contact: countOf(contacts, (d) => d.roleUsers.paginatorInfo.total),
    student: countOf(students, (d) => d.students.paginatorInfo.total),
  };
  const values = Object.values(counts);
  if (values.every((v) => v === 'error')) return { status: 'failed' };
  if (values.some((v) => v === null)) return { status: 'loading' };
  return {
    status: 'done',
    value: SETUP_STEPS.map((step) => ({ step, done: typeof counts[step.id] === 'number' && (counts[step.id] as number) > 0 })),
  };
}
