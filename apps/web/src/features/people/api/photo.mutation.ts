import { gql } from '@urql/core';

export interface UploadedFile {
  id: string;
  status: 'pending' | 'checking' | 'ready' | 'rejected' | 'deleted';
  reason: string | null;
  url: string | null;
  thumbnail_url: string | null;
}

export const PresignPhotoMutation = gql<
  {
    getPresignedUploadUrl: {
      url: string;
      upload_id: string;
      expires_at: string;
      max_size: number;
      fields: { name: string; value: string }[];
    };
  },
  { owner_id: string; content_type: string; size: number; file_name: string }
>`
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

export const CompleteUploadMutation = gql<{ completeUpload: UploadedFile }, { upload_id: string }>`
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

export const UploadStatusQuery = gql<{ uploadStatus: UploadedFile }, { upload_id: string }>`
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
