import { gql } from '@urql/core';
import type {
  PhotosApproveMutation,
  PhotosApproveMutationVariables,
  PhotosBulkResizeMutation,
  PhotosBulkResizeMutationVariables,
  PhotosCreateMutation,
  PhotosCreateMutationVariables,
  PhotosDeleteMutation,
  PhotosDeleteMutationVariables,
  PhotosSaveImagesSettingMutation,
  PhotosSaveImagesSettingMutationVariables,
  PhotosUpdateConsentMutation,
  PhotosUpdateConsentMutationVariables,
  PhotosUpdateMutation,
  PhotosUpdateMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const CreatePhotoMutation = gql<PhotosCreateMutation, PhotosCreateMutationVariables>`
  mutation PhotosCreate($file_id: ID!, $album: String!, $location_id: ID!, $caption: String, $students: [ID!], $staff: [ID!]) {
    createPhoto(file_id: $file_id, album: $album, location_id: $location_id, caption: $caption, students: $students, staff: $staff) {
      status
      message
      color
      photo {
        id
        status
      }
    }
  }
`;

export const UpdatePhotoMutation = gql<PhotosUpdateMutation, PhotosUpdateMutationVariables>`
  mutation PhotosUpdate($id: ID!, $caption: String, $students: [ID!], $staff: [ID!]) {
    updatePhoto(id: $id, caption: $caption, students: $students, staff: $staff) {
      status
      message
      color
      photo {
        id
        caption
      }
    }
  }
`;

export const DeletePhotoMutation = gql<PhotosDeleteMutation, PhotosDeleteMutationVariables>`
  mutation PhotosDelete($id: ID!) {
    deletePhoto(id: $id) {
      status
      message
      color
    }
  }
`;

export const ApprovePhotoMutation = gql<PhotosApproveMutation, PhotosApproveMutationVariables>`
  mutation PhotosApprove($id: ID!) {
    approvePhoto(id: $id) {
      status
      message
      color
      photo {
        id
        status
      }
    }
  }
`;

export const SaveImagesSettingMutation = gql<PhotosSaveImagesSettingMutation, PhotosSaveImagesSettingMutationVariables>`
  mutation PhotosSaveImagesSetting($long_side: Int, $quality: Int, $thumbnail: Int) {
    saveImagesSetting(long_side: $long_side, quality: $quality, thumbnail: $thumbnail) {
      status
      message
      color
      setting {
        long_side
        quality
        thumbnail
      }
    }
  }
`;

export const BulkResizeMutation = gql<PhotosBulkResizeMutation, PhotosBulkResizeMutationVariables>`
  mutation PhotosBulkResize($ids: [ID!]!) {
    bulkResizeImges(ids: $ids) {
      status
      message
      color
      resized
    }
  }
`;

export const UpdateConsentMutation = gql<PhotosUpdateConsentMutation, PhotosUpdateConsentMutationVariables>`
  mutation PhotosUpdateConsent($student_id: ID!, $consent: String!) {
    updatePhotoConsent(student_id: $student_id, consent: $consent) {
      status
      message
      color
      consent {
        student_id
        consent
        source
        created_at
      }
    }
  }
`;
