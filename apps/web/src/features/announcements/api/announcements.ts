import { gql } from '@urql/core';
import type {
  AnnouncementsAcknowledgementsQuery,
  AnnouncementsAcknowledgementsQueryVariables,
  AnnouncementsAcknowledgeMutation,
  AnnouncementsAcknowledgeMutationVariables,
  AnnouncementsActionItemsQuery,
  AnnouncementsActionItemsQueryVariables,
  AnnouncementsAudienceOptionsQuery,
  AnnouncementsAudienceOptionsQueryVariables,
  AnnouncementsChildOptionsQuery,
  AnnouncementsChildOptionsQueryVariables,
  AnnouncementsCreateMutation,
  AnnouncementsCreateMutationVariables,
  AnnouncementsDeleteMutation,
  AnnouncementsDeleteMutationVariables,
  AnnouncementsDuplicateMutation,
  AnnouncementsDuplicateMutationVariables,
  AnnouncementsListQuery,
  AnnouncementsListQueryVariables,
  AnnouncementsSendAlertMutation,
  AnnouncementsSendAlertMutationVariables,
  AnnouncementsSendSmsMutation,
  AnnouncementsSendSmsMutationVariables,
  AnnouncementsStatusMutation,
  AnnouncementsStatusMutationVariables,
  AnnouncementsTopQuery,
  AnnouncementsTopQueryVariables,
  AnnouncementsUpdateMutation,
  AnnouncementsUpdateMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type AnnouncementData = AnnouncementsListQuery['getAnnouncements']['data'][number];
export type ActionItemData = AnnouncementsActionItemsQuery['getActionItems'][number];
export type RecipientData = AnnouncementsAcknowledgementsQuery['getAnnouncementAcknowledgements']['data'][number];

const FIELDS = `
  id
  message
  status
  created_at
  expiry_date
  is_public
  color_code
  is_notification
  roles
  action_needed
  due_date
  locations { id name role }
  programs { id name role location_id }
  action_summary { total acknowledged }
`;

export const AnnouncementsQuery = gql<AnnouncementsListQuery, AnnouncementsListQueryVariables>`
  query AnnouncementsList($search: String, $status: Boolean, $page: Int, $first: Int) {
    getAnnouncements(search: $search, status: $status, page: $page, first: $first) {
      data { ${FIELDS} }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;

export const TopAnnouncementsQuery = gql<AnnouncementsTopQuery, AnnouncementsTopQueryVariables>`
  query AnnouncementsTop {
    topAnnouncements(first: 5) { id message color_code created_at expiry_date }
  }
`;

export const ActionItemsQuery = gql<AnnouncementsActionItemsQuery, AnnouncementsActionItemsQueryVariables>`
  query AnnouncementsActionItems {
    getActionItems { id source_kind source_id title due_date overdue color_code }
  }
`;

export const AcknowledgementsQuery = gql<AnnouncementsAcknowledgementsQuery, AnnouncementsAcknowledgementsQueryVariables>`
  query AnnouncementsAcknowledgements($id: ID!, $acknowledged: Boolean, $page: Int, $first: Int) {
    getAnnouncementAcknowledgements(id: $id, acknowledged: $acknowledged, page: $page, first: $first) {
      data { user_id fname lname email phone acknowledged_at }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;

/** The locations (with their rooms) and tags the pickers offer. */
export const AudienceOptionsQuery = gql<AnnouncementsAudienceOptionsQuery, AnnouncementsAudienceOptionsQueryVariables>`
  query AnnouncementsAudienceOptions {
    dropdownLocations { id name rooms { id name location_id } }
  }
`;

export const ChildOptionsQuery = gql<AnnouncementsChildOptionsQuery, AnnouncementsChildOptionsQueryVariables>`
  query AnnouncementsChildOptions($search: String) {
    students(search: $search, status: true, first: 50) { data { id full_name } }
    getTags(first: 100) { data { id name } }
  }
`;

export const CreateAnnouncementMutation = gql<AnnouncementsCreateMutation, AnnouncementsCreateMutationVariables>`
  mutation AnnouncementsCreate(
    $message: String!
    $expiry_date: String
    $is_public: Boolean
    $color_code: String
    $is_notification: Boolean
    $roles: [String!]!
    $locations: [ID!]!
    $programs: [ID!]
    $action_needed: Boolean
    $due_date: String
  ) {
    createAnnouncement(
      message: $message
      expiry_date: $expiry_date
      is_public: $is_public
      color_code: $color_code
      is_notification: $is_notification
      roles: $roles
      locations: $locations
      programs: $programs
      action_needed: $action_needed
      due_date: $due_date
    ) {
      status message color announcement { ${FIELDS} }
    }
  }
`;

export const UpdateAnnouncementMutation = gql<AnnouncementsUpdateMutation, AnnouncementsUpdateMutationVariables>`
  mutation AnnouncementsUpdate(
    $id: ID!
    $message: String
    $expiry_date: String
    $is_public: Boolean
    $color_code: String
    $is_notification: Boolean
    $roles: [String!]
    $locations: [ID!]
    $programs: [ID!]
    $action_needed: Boolean
    $due_date: String
  ) {
    updateAnnouncement(
      id: $id
      message: $message
      expiry_date: $expiry_date
      is_public: $is_public
      color_code: $color_code
      is_notification: $is_notification
      roles: $roles
      locations: $locations
      programs: $programs
      action_needed: $action_needed
      due_date: $due_date
    ) {
      status message color announcement { ${FIELDS} }
    }
  }
`;

export const StatusMutation = gql<AnnouncementsStatusMutation, AnnouncementsStatusMutationVariables>`
  mutation AnnouncementsStatus($id: ID!, $status: Boolean!) {
    updateAnnouncementStatus(id: $id, status: $status) { status message color announcement { id status } }
  }
`;

export const DuplicateMutation = gql<AnnouncementsDuplicateMutation, AnnouncementsDuplicateMutationVariables>`
  mutation AnnouncementsDuplicate($id: ID!) {
    duplicateAnnouncement(id: $id) { status message color announcement { id } }
  }
`;

export const DeleteMutation = gql<AnnouncementsDeleteMutation, AnnouncementsDeleteMutationVariables>`
  mutation AnnouncementsDelete($id: ID!) {
    deleteAnnouncement(id: $id) { status message color id }
  }
`;

export const AcknowledgeMutation = gql<AnnouncementsAcknowledgeMutation, AnnouncementsAcknowledgeMutationVariables>`
  mutation AnnouncementsAcknowledge($id: ID!) {
    acknowledgeActionItem(id: $id) { status message color item { id acknowledged_at } }
  }
`;

export const SendAlertMutation = gql<AnnouncementsSendAlertMutation, AnnouncementsSendAlertMutationVariables>`
  mutation AnnouncementsSendAlert($message: String!, $alert_student: [ID!], $alert_program: [ID!]) {
    sendAlert(message: $message, alert_student: $alert_student, alert_program: $alert_program) { status message color recipients queued skipped }
  }
`;

export const SendSmsMutation = gql<AnnouncementsSendSmsMutation, AnnouncementsSendSmsMutationVariables>`
  mutation AnnouncementsSendSms($message: String!, $students: [ID!], $programs: [ID!], $tags: [ID!]) {
    sendInstantSms(message: $message, students: $students, programs: $programs, tags: $tags) { status message color recipients queued skipped }
  }
`;
