import { gql } from '@urql/core';
import { StudentDetailFields, StudentRowFields, type ResultTriple, type StudentDetail } from './fragments';
import type {
  PeopleAddContactByParentMutation,
  PeopleAddContactByParentMutationVariables,
  PeopleAddSiblingMutation,
  PeopleAddSiblingMutationVariables,
  PeopleArchiveStudentMutation,
  PeopleArchiveStudentMutationVariables,
  PeopleBlackListMutation,
  PeopleBlackListMutationVariables,
  PeopleBulkStudentStatusMutation,
  PeopleBulkStudentStatusMutationVariables,
  PeopleCreateStudentMutation,
  PeopleCreateStudentMutationVariables,
  PeopleForceDeleteStudentsMutation,
  PeopleForceDeleteStudentsMutationVariables,
  PeopleRemoveGuardianMutation,
  PeopleRemoveGuardianMutationVariables,
  PeopleRemoveSiblingMutation,
  PeopleRemoveSiblingMutationVariables,
  PeopleRestoreStudentsMutation,
  PeopleRestoreStudentsMutationVariables,
  PeopleToggleAlertMutation,
  PeopleToggleAlertMutationVariables,
  PeopleToggleWatchCameraMutation,
  PeopleToggleWatchCameraMutationVariables,
  PeopleTransferProgramsMutation,
  PeopleTransferProgramsMutationVariables,
  PeopleTransferStudentsMutation,
  PeopleTransferStudentsMutationVariables,
  PeopleUpdateIsPayerMutation,
  PeopleUpdateIsPayerMutationVariables,
  PeopleUpdatePickupMutation,
  PeopleUpdatePickupMutationVariables,
  PeopleUpdateStudentMutation,
  PeopleUpdateStudentMutationVariables,
  PeopleUpdateStudentStatusMutation,
  PeopleUpdateStudentStatusMutationVariables,
} from '../../../graphql/generated/tenant-api';

export interface StudentUserInput {
  user_id: string;
  relation?: string | null;
  emergency_contact?: boolean;
  alert?: boolean;
  black_list?: boolean;
  watch_camera?: boolean;
  legal_guardian?: boolean;
  pickup?: boolean;
  is_payer?: boolean;
}

/** Every Student field of spec §3 the form writes. */
export interface StudentWriteVars {
  fname: string;
  lname: string;
  middle_name?: string | null;
  nick_name?: string | null;
  dob?: string | null;
  gender?: string | null;
  race?: string | null;
  ethnicity?: string | null;
  status?: boolean;
  type?: string | null;
  doctor_name?: string | null;
  doctor_phone?: string | null;
  note?: string | null;
  street_1?: string | null;
  street_2?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip?: string | null;
  enrollment_date?: string | null;
  graduation_date?: string | null;
  external_id?: string | null;
  week_schedule?: string[];
  program_id: string;
  other_rooms?: string[];
  tags?: string[];
  allergies?: string[];
  medications?: string[];
  cameras: string[];
  users: StudentUserInput[];
}

export type StudentResultData = ResultTriple & { student: StudentDetail | null; duplicates: { id: string; full_name: string }[] };

const ARGS = `
  $fname: String!
  $lname: String!
  $middle_name: String
  $nick_name: String
  $dob: String
  $gender: String
  $race: String
  $ethnicity: String
  $status: Boolean
  $type: String
  $doctor_name: String
  $doctor_phone: String
  $note: String
  $street_1: String
  $street_2: String
  $city: String
  $state: String
  $country: String
  $zip: String
  $enrollment_date: String
  $graduation_date: String
  $external_id: String
  $week_schedule: [String!]
  $other_rooms: [ID!]
  $tags: [ID!]
  $allergies: [ID!]
  $medications: [ID!]
`;

const UPDATE_ARGS = ARGS.replace('$fname: String!', '').replace('$lname: String!', '');

const PASS = `
  fname: $fname
  lname: $lname
  middle_name: $middle_name
  nick_name: $nick_name
  dob: $dob
  gender: $gender
  race: $race
  ethnicity: $ethnicity
  status: $status
  type: $type
  doctor_name: $doctor_name
  doctor_phone: $doctor_phone
  note: $note
  street_1: $street_1
  street_2: $street_2
  city: $city
  state: $state
  country: $country
  zip: $zip
  enrollment_date: $enrollment_date
  graduation_date: $graduation_date
  external_id: $external_id
  week_schedule: $week_schedule
  other_rooms: $other_rooms
  tags: $tags
  allergies: $allergies
  medications: $medications
`;

export const CreateStudentMutation = gql<PeopleCreateStudentMutation, PeopleCreateStudentMutationVariables>`
  mutation PeopleCreateStudent(
    ${ARGS}
    $location_id: ID!
    $program_id: ID!
    $cameras: [ID!]!
    $users: [StudentUserInput!]!
    $check_duplicate: Boolean
  ) {
    createNewStudent(
      ${PASS}
      location_id: $location_id
      program_id: $program_id
      cameras: $cameras
      users: $users
      check_duplicate: $check_duplicate
    ) {
      status
      message
      color
      student {
        ...PeopleStudentDetailFields
      }
      duplicates {
        id
        full_name
      }
    }
  }
  ${StudentDetailFields}
`;

export const UpdateStudentMutation = gql<PeopleUpdateStudentMutation, PeopleUpdateStudentMutationVariables>`
  mutation PeopleUpdateStudent(
    $id: ID!
    $fname: String
    $lname: String
    $program_id: ID
    $cameras: [ID!]
    $users: [StudentUserInput!]
    ${UPDATE_ARGS}
  ) {
    updateNewStudent(
      id: $id
      ${PASS}
      program_id: $program_id
      cameras: $cameras
      users: $users
    ) {
      status
      message
      color
      student {
        ...PeopleStudentDetailFields
      }
      duplicates {
        id
        full_name
      }
    }
  }
  ${StudentDetailFields}
`;

export const UpdateStudentStatusMutation = gql<PeopleUpdateStudentStatusMutation, PeopleUpdateStudentStatusMutationVariables>`
  mutation PeopleUpdateStudentStatus($id: ID!, $status: Boolean!) {
    updateStudentStatus(id: $id, status: $status) {
      status
      message
      color
      student {
        ...PeopleStudentRowFields
      }
    }
  }
  ${StudentRowFields}
`;

export const ArchiveStudentMutation = gql<PeopleArchiveStudentMutation, PeopleArchiveStudentMutationVariables>`
  mutation PeopleArchiveStudent($id: ID!) {
    deleteStudent(id: $id) {
      status
      message
      color
    }
  }
`;

export const RestoreStudentsMutation = gql<PeopleRestoreStudentsMutation, PeopleRestoreStudentsMutationVariables>`
  mutation PeopleRestoreStudents($ids: [ID!]!) {
    restoreArchived(ids: $ids) {
      status
      message
      color
    }
  }
`;

export const ForceDeleteStudentsMutation = gql<PeopleForceDeleteStudentsMutation, PeopleForceDeleteStudentsMutationVariables>`
  mutation PeopleForceDeleteStudents($ids: [ID!]!) {
    forceDeleteArchived(ids: $ids) {
      status
      message
      color
    }
  }
`;

/** Spec §4: the bulk status string (active, inactive, enrolled, lead, waitlist). */
export const BULK_STATUSES = ['active', 'inactive', 'enrolled', 'lead', 'waitlist'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

export const BulkStudentStatusMutation = gql<PeopleBulkStudentStatusMutation, PeopleBulkStudentStatusMutationVariables>`
  mutation PeopleBulkStudentStatus($ids: [ID!]!, $status: String!) {
    bulkUpdateStudentStatus(ids: $ids, status: $status) {
      status
      message
      color
      students {
        id
      }
    }
  }
`;

export const TransferStudentsMutation = gql<PeopleTransferStudentsMutation, PeopleTransferStudentsMutationVariables>`
  mutation PeopleTransferStudents($ids: [ID!]!, $location_id: ID!, $program_id: ID) {
    transferStudents(ids: $ids, location_id: $location_id, program_id: $program_id) {
      status
      message
      color
      students {
        id
      }
    }
  }
`;

export const TransferProgramsMutation = gql<PeopleTransferProgramsMutation, PeopleTransferProgramsMutationVariables>`
  mutation PeopleTransferPrograms($from_program_id: ID!, $to_program_id: ID!) {
    transferPrograms(from_program_id: $from_program_id, to_program_id: $to_program_id) {
      status
      message
      color
      students {
        id
      }
    }
  }
`;

export const AddSiblingMutation = gql<PeopleAddSiblingMutation, PeopleAddSiblingMutationVariables>`
  mutation PeopleAddSibling($student_id: ID!, $sibling_id: ID!) {
    addSibling(student_id: $student_id, sibling_id: $sibling_id) {
      status
      message
      color
    }
  }
`;

export const RemoveSiblingMutation = gql<PeopleRemoveSiblingMutation, PeopleRemoveSiblingMutationVariables>`
  mutation PeopleRemoveSibling($student_id: ID!, $sibling_id: ID!) {
    removeSibling(student_id: $student_id, sibling_id: $sibling_id) {
      status
      message
      color
    }
  }
`;

export const UpdatePickupMutation = gql<PeopleUpdatePickupMutation, PeopleUpdatePickupMutationVariables>`
  mutation PeopleUpdatePickup($student_id: ID!, $user_id: ID!, $pickup: Boolean!) {
    updatePickup(student_id: $student_id, user_id: $user_id, pickup: $pickup) {
      status
      message
      color
    }
  }
`;

export const UpdateIsPayerMutation = gql<PeopleUpdateIsPayerMutation, PeopleUpdateIsPayerMutationVariables>`
  mutation PeopleUpdateIsPayer($student_id: ID!, $user_id: ID!, $is_payer: Boolean!) {
    updateIsPayer(student_id: $student_id, user_id: $user_id, is_payer: $is_payer) {
      status
      message
      color
    }
  }
`;

export const ToggleAlertMutation = gql<PeopleToggleAlertMutation, PeopleToggleAlertMutationVariables>`
  mutation PeopleToggleAlert($student_id: ID!, $user_id: ID!, $alert: Boolean!) {
    toggleUserAlert(student_id: $student_id, user_id: $user_id, alert: $alert) {
      status
      message
      color
    }
  }
`;

export const ToggleWatchCameraMutation = gql<PeopleToggleWatchCameraMutation, PeopleToggleWatchCameraMutationVariables>`
  mutation PeopleToggleWatchCamera($student_id: ID!, $user_id: ID!, $watch_camera: Boolean!) {
    toggleWatchCamera(student_id: $student_id, user_id: $user_id, watch_camera: $watch_camera) {
      status
      message
      color
    }
  }
`;

export const BlackListMutation = gql<PeopleBlackListMutation, PeopleBlackListMutationVariables>`
  mutation PeopleBlackList($student_id: ID!, $user_id: ID!, $black_list: Boolean!) {
    blackListUser(student_id: $student_id, user_id: $user_id, black_list: $black_list) {
      status
      message
      color
    }
  }
`;

export const RemoveGuardianMutation = gql<PeopleRemoveGuardianMutation, PeopleRemoveGuardianMutationVariables>`
  mutation PeopleRemoveGuardian($student_id: ID!, $user_id: ID!) {
    removeGuardian(student_id: $student_id, user_id: $user_id) {
      status
      message
      color
    }
  }
`;

export const AddContactByParentMutation = gql<PeopleAddContactByParentMutation, PeopleAddContactByParentMutationVariables>`
  mutation PeopleAddContactByParent(
    $student_id: ID!
    $fname: String!
    $lname: String!
    $email: String!
    $phone: String
    $relation: String
    $pickup: Boolean
  ) {
    createStudentUserByParent(
      student_id: $student_id
      fname: $fname
      lname: $lname
      email: $email
      phone: $phone
      relation: $relation
      pickup: $pickup
    ) {
      status
      message
      color
    }
  }
`;
