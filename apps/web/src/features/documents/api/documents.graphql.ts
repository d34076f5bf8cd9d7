import { gql } from '@urql/core';
import type {
  DocumentsApproveMutation,
  DocumentsApproveMutationVariables,
  DocumentsArchiveFileMutation,
  DocumentsArchiveFileMutationVariables,
  DocumentsCreateFileMutation,
  DocumentsCreateFileMutationVariables,
  DocumentsCreateRequestMutation,
  DocumentsCreateRequestMutationVariables,
  DocumentsFileQuery,
  DocumentsFileQueryVariables,
  DocumentsFilesQuery,
  DocumentsFilesQueryVariables,
  DocumentsGapsQuery,
  DocumentsGapsQueryVariables,
  DocumentsListQuery,
  DocumentsListQueryVariables,
  DocumentsMarkReadMutation,
  DocumentsMarkReadMutationVariables,
  DocumentsMyChildrenQuery,
  DocumentsMyChildrenQueryVariables,
  DocumentsRejectMutation,
  DocumentsRejectMutationVariables,
  DocumentsShareFileMutation,
  DocumentsShareFileMutationVariables,
  DocumentsSingleQuery,
  DocumentsSingleQueryVariables,
  DocumentsUpdateFileMutation,
  DocumentsUpdateFileMutationVariables,
  DocumentsUploadMutation,
  DocumentsUploadMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const FilesQuery = gql<DocumentsFilesQuery, DocumentsFilesQueryVariables>`
  query DocumentsFiles($location_id: ID, $search: String, $archive: Boolean, $student_id: ID, $page: Int, $first: Int) {
    filterFiles(location_id: $location_id, search: $search, archive: $archive, student_id: $student_id, page: $page, first: $first) {
      data {
        id
        name
        description
        published
        archive
        read
        expiry_date
        created_at
        file { id original_name url }
        shares { kind target_id }
      }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;

export const CreateFileMutation = gql<DocumentsCreateFileMutation, DocumentsCreateFileMutationVariables>`
  mutation DocumentsCreateFile($location_id: ID!, $name: String!, $file_id: ID!, $description: String, $expiry_date: String, $published: Boolean) {
    createFile(location_id: $location_id, name: $name, file_id: $file_id, description: $description, expiry_date: $expiry_date, published: $published) {
      status
      message
      file { id }
    }
  }
`;

export const UpdateFileMutation = gql<DocumentsUpdateFileMutation, DocumentsUpdateFileMutationVariables>`
  mutation DocumentsUpdateFile($id: ID!, $published: Boolean) {
    updateFile(id: $id, published: $published) { status message file { id published } }
  }
`;

export const ShareFileMutation = gql<DocumentsShareFileMutation, DocumentsShareFileMutationVariables>`
  mutation DocumentsShareFile($id: ID!, $roles: [String!], $location_ids: [ID!]) {
    shareFile(id: $id, roles: $roles, location_ids: $location_ids) { status message file { id shares { kind target_id } } }
  }
`;

export const ArchiveFileMutation = gql<DocumentsArchiveFileMutation, DocumentsArchiveFileMutationVariables>`
  mutation DocumentsArchiveFile($id: ID!, $archive: Boolean) {
    archiveFile(id: $id, archive: $archive) { status message file { id archive } }
  }
`;

export const MarkReadMutation = gql<DocumentsMarkReadMutation, DocumentsMarkReadMutationVariables>`
  mutation DocumentsMarkRead($id: ID!, $download: Boolean) {
    markFileRead(id: $id, download: $download) { status }
  }
`;

export const ListQuery = gql<DocumentsListQuery, DocumentsListQueryVariables>`
  query DocumentsList($location_id: ID, $student_id: ID, $page: Int, $first: Int) {
    getDocuments(location_id: $location_id, student_id: $student_id, page: $page, first: $first) {
      data {
        id
        name
        description
        instructions
        type
        required
        expiry_date
        created_at
        pending
        approved
        rejected
        expired
        documents { id student_id status date expiry note file { id original_name url } }
      }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;

export const SingleQuery = gql<DocumentsSingleQuery, DocumentsSingleQueryVariables>`
  query DocumentsSingle($id: ID!) {
    getSingleDocument(id: $id) {
      id
      name
      description
      instructions
      type
      roles
      required
      expiry_date
      location_id
      pending
      approved
      rejected
      expired
      documents { id student_id student_name user_id status date expiry note created_at file { id original_name url } }
      logs { id activity username created_at }
    }
  }
`;

export const CreateRequestMutation = gql<DocumentsCreateRequestMutation, DocumentsCreateRequestMutationVariables>`
  mutation DocumentsCreateRequest($location_id: ID!, $name: String!, $type: String!, $description: String, $instructions: String, $expiry_date: String) {
    createDocument(location_id: $location_id, name: $name, type: $type, description: $description, instructions: $instructions, expiry_date: $expiry_date) {
      status
      message
      request { id }
    }
  }
`;

export const UploadMutation = gql<DocumentsUploadMutation, DocumentsUploadMutationVariables>`
  mutation DocumentsUpload($request_id: ID!, $file_id: ID!, $student_id: ID, $expiry: String) {
    uploadDocument(request_id: $request_id, file_id: $file_id, student_id: $student_id, expiry: $expiry) { status message document { id status } }
  }
`;

export const ApproveMutation = gql<DocumentsApproveMutation, DocumentsApproveMutationVariables>`
  mutation DocumentsApprove($id: ID!, $date: String, $expiry: String) {
    approveDocument(id: $id, date: $date, expiry: $expiry) { status message document { id status date } }
  }
`;

export const RejectMutation = gql<DocumentsRejectMutation, DocumentsRejectMutationVariables>`
  mutation DocumentsReject($id: ID!, $note: String!) {
    rejectDocument(id: $id, note: $note) { status message document { id status note } }
  }
`;

export const GapsQuery = gql<DocumentsGapsQuery, DocumentsGapsQueryVariables>`
  query DocumentsGaps($location_id: ID!, $program_id: ID) {
    getComplianceGaps(location_id: $location_id, program_id: $program_id) { kind source_id name reason student_id student_name program_id program_name }
  }
`;

export const MyChildrenQuery = gql<DocumentsMyChildrenQuery, DocumentsMyChildrenQueryVariables>`
  query DocumentsMyChildren {
    students(status: true, page: 1, first: 100) {
      data { id full_name location_id }
    }
  }
`;

export const FileQuery = gql<DocumentsFileQuery, DocumentsFileQueryVariables>`
  query DocumentsFile($id: ID!) {
    getSingleFile(id: $id) {
      id
      name
      description
      instructions
      expiry_date
      read
      created_at
      file { id original_name content_type url }
    }
  }
`;
