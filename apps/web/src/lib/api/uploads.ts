import { gql } from '@urql/core';
import type {
  UploadCompleteMutation,
  UploadCompleteMutationVariables,
  UploadPresignMutation,
  UploadPresignMutationVariables,
  UploadStatusQuery,
  UploadStatusQueryVariables,
} from '../../graphql/generated/tenant-api';

/** A signed upload form for one file of a purpose (the server checks purpose, owner, type and size). */
export const UploadPresign = gql<UploadPresignMutation, UploadPresignMutationVariables>`
  mutation UploadPresign($purpose: String!, $owner_id: ID!, $content_type: String!, $size: Int!, $file_name: String) {
    getPresignedUploadUrl(purpose: $purpose, owner_id: $owner_id, content_type: $content_type, size: $size, file_name: $file_name) {
      url
      upload_id
      fields { name value }
    }
  }
`;

export const UploadComplete = gql<UploadCompleteMutation, UploadCompleteMutationVariables>`
  mutation UploadComplete($upload_id: ID!) {
    completeUpload(upload_id: $upload_id) { id status }
  }
`;

export const UploadStatus = gql<UploadStatusQuery, UploadStatusQueryVariables>`
  query UploadStatus($upload_id: ID!) {
    uploadStatus(upload_id: $upload_id) { id status reason url original_name }
  }
`;
