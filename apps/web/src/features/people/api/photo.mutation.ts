import { gql } from '@urql/core';
import type {
  PeopleCompleteUploadMutation,
  PeopleCompleteUploadMutationVariables,
  PeoplePresignPhotoMutation,
  PeoplePresignPhotoMutationVariables,
  PeopleUploadStatusQuery,
  PeopleUploadStatusQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** An upload as the API reports it: pending → checking → ready, or rejected with its reason. */
export type UploadedFile = PeopleUploadStatusQuery['uploadStatus'];

export const PresignPhotoMutation = gql<PeoplePresignPhotoMutation, PeoplePresignPhotoMutationVariables>`
  mutation PeoplePresignPhoto($owner_id: ID!, $content_type: String!, $size: Int!, $file_name: String) {
    getPresignedUploadUrl(purpose: "student_photo", owner_id: $owner_id, content_type: $content_type, size: $size, file_name: $file_name) {
      url
      upload_id
      expires_at
      max_size
      fields {
        name
        value
      }
    }
  }
`;

export const CompleteUploadMutation = gql<PeopleCompleteUploadMutation, PeopleCompleteUploadMutationVariables>`
  mutation PeopleCompleteUpload($upload_id: ID!) {
    completeUpload(upload_id: $upload_id) {
      id
      status
      reason
      url
      thumbnail_url
    }
  }
`;

export const UploadStatusQuery = gql<PeopleUploadStatusQuery, PeopleUploadStatusQueryVariables>`
  query PeopleUploadStatus($upload_id: ID!) {
    uploadStatus(upload_id: $upload_id) {
      id
      status
      reason
      url
      thumbnail_url
    }
  }
`;
