import { gql } from '@urql/core';
import type {
  ChatDeleteSelectedMutation,
  ChatDeleteSelectedMutationVariables,
  ChatMarkReadMutation,
  ChatMarkReadMutationVariables,
  ChatMessageAddedSubscription,
  ChatMessageAddedSubscriptionVariables,
  ChatProgramThreadQuery,
  ChatProgramThreadQueryVariables,
  ChatProgramThreadsQuery,
  ChatProgramThreadsQueryVariables,
  ChatRecipientsQuery,
  ChatRecipientsQueryVariables,
  ChatSendMutation,
  ChatSendMutationVariables,
  ChatStudentThreadQuery,
  ChatStudentThreadQueryVariables,
  ChatStudentThreadsQuery,
  ChatStudentThreadsQueryVariables,
  ChatUnreadCountsChangedSubscription,
  ChatUnreadCountsChangedSubscriptionVariables,
  ChatUpdateMutation,
  ChatUpdateMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type ThreadData = ChatStudentThreadsQuery['getLastMessagesByStudent']['data'][number];
export type MessageData = ChatStudentThreadQuery['getStudentChat']['data'][number];

const THREAD_FIELDS = `
  category
  id
  name
  location_id
  program_id
  unread
  last_message { id message type created_at author { id fname lname } }
`;

const MESSAGE_FIELDS = `
  id
  message
  type
  category
  created_at
  parent_relation
  mine
  edited
  author { id fname lname }
  attachment { id content_type original_name url thumbnail_url }
`;

/** The children's threads in the viewer's scope (a parent: their own children), newest news first. */
export const StudentThreadsQuery = gql<ChatStudentThreadsQuery, ChatStudentThreadsQueryVariables>`
  query ChatStudentThreads($location_id: ID, $search: String, $page: Int, $first: Int) {
    getLastMessagesByStudent(location_id: $location_id, search: $search, page: $page, first: $first) {
      data { ${THREAD_FIELDS} }
      paginatorInfo { currentPage lastPage total }
    }
  }
`;

/** The room threads in the viewer's scope (a parent: their children's rooms). */
export const ProgramThreadsQuery = gql<ChatProgramThreadsQuery, ChatProgramThreadsQueryVariables>`
  query ChatProgramThreads($location_id: ID, $search: String, $page: Int, $first: Int) {
    getLastMessagesByProgram(location_id: $location_id, search: $search, page: $page, first: $first) {
      data { ${THREAD_FIELDS} }
      paginatorInfo { currentPage lastPage total }
    }
  }
`;

export const StudentThreadQuery = gql<ChatStudentThreadQuery, ChatStudentThreadQueryVariables>`
  query ChatStudentThread($student_id: ID!, $page: Int, $first: Int) {
    getStudentChat(student_id: $student_id, page: $page, first: $first) {
      data { ${MESSAGE_FIELDS} }
      paginatorInfo { currentPage lastPage total }
    }
  }
`;

export const ProgramThreadQuery = gql<ChatProgramThreadQuery, ChatProgramThreadQueryVariables>`
  query ChatProgramThread($program_id: ID!, $page: Int, $first: Int) {
    getProgramChat(program_id: $program_id, page: $page, first: $first) {
      data { ${MESSAGE_FIELDS} }
      paginatorInfo { currentPage lastPage total }
    }
  }
`;

export const RecipientsQuery = gql<ChatRecipientsQuery, ChatRecipientsQueryVariables>`
  query ChatRecipients($student_id: ID, $program_id: ID) {
    getStaffRecipientForMsg(student_id: $student_id, program_id: $program_id) { id fname lname role }
  }
`;

export const SendMutation = gql<ChatSendMutation, ChatSendMutationVariables>`
  mutation ChatSend($msg: String, $student_id: ID, $program_id: ID, $attachment: ID) {
    sendChatMessage(msg: $msg, student_id: $student_id, program_id: $program_id, attachment: $attachment) {
      status message color
      chat { id }
    }
  }
`;

export const UpdateMutation = gql<ChatUpdateMutation, ChatUpdateMutationVariables>`
  mutation ChatUpdate($id: ID!, $msg: String) {
    updateChatMessage(id: $id, msg: $msg) { status message color chat { id message edited } }
  }
`;

export const DeleteSelectedMutation = gql<ChatDeleteSelectedMutation, ChatDeleteSelectedMutationVariables>`
  mutation ChatDeleteSelected($ids: [ID!]!) {
    deleteChatSelectedMessage(ids: $ids) { status message color }
  }
`;

export const MarkReadMutation = gql<ChatMarkReadMutation, ChatMarkReadMutationVariables>`
  mutation ChatMarkRead($student_id: ID, $program_id: ID) {
    markChatRead(student_id: $student_id, program_id: $program_id) { status }
  }
`;

/** Messages added, edited or deleted in the viewer's threads at a location. */
export const MessageAddedSubscription = gql<ChatMessageAddedSubscription, ChatMessageAddedSubscriptionVariables>`
  subscription ChatMessageAdded($location_id: ID!) {
    chatMessageAdded(location_id: $location_id) { kind id category student_id program_id user_id }
  }
`;

/** The viewer's unread counts, as they change. */
export const UnreadCountsSubscription = gql<ChatUnreadCountsChangedSubscription, ChatUnreadCountsChangedSubscriptionVariables>`
  subscription ChatUnreadCountsChanged($location_id: ID!) {
    unreadCountsChanged(location_id: $location_id) { total }
  }
`;
