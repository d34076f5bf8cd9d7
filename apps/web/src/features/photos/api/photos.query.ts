import { gql } from '@urql/core';
import type {
  PhotosAlbumQuery,
  PhotosAlbumQueryVariables,
  PhotosChildOptionsQuery,
  PhotosChildOptionsQueryVariables,
  PhotosConsentQuery,
  PhotosConsentQueryVariables,
  PhotosImagesSettingQuery,
  PhotosImagesSettingQueryVariables,
  PhotosLogsQuery,
  PhotosLogsQueryVariables,
  PhotosResizeIdsQuery,
  PhotosResizeIdsQueryVariables,
  PhotosStaffOptionsQuery,
  PhotosStaffOptionsQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** One photo as the gallery shows it. */
export type PhotoData = PhotosAlbumQuery['getPhotos']['data'][number];
export type PhotoLogData = PhotosLogsQuery['getPhotoLogs']['data'][number];
export type ImagesSettingData = PhotosImagesSettingQuery['getImagesSetting'];
export type PhotoConsentData = NonNullable<PhotosConsentQuery['student']['photo_consent']>;

/** A page of an album (or a child's photos, `student`), newest first; families get what consent allows. */
export const PhotosQuery = gql<PhotosAlbumQuery, PhotosAlbumQueryVariables>`
  query PhotosAlbum($album: String, $student: ID, $location_id: ID, $status: String, $from: String, $to: String, $page: Int, $first: Int) {
    getPhotos(
      album: $album
      student: $student
      location_id: $location_id
      status: $status
      from: $from
      to: $to
      page: $page
      first: $first
    ) {
      data {
        id
        album
        location_id
        caption
        taken_at
        status
        file {
          id
          content_type
          width
          height
          url
          thumbnail_url
        }
        students {
          id
          fname
          lname
        }
        staff {
          id
          fname
          lname
        }
        uploaded_by {
          id
          fname
          lname
        }
        approved_by {
          id
          fname
          lname
        }
        approved_at
        created_at
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

/** The ids and types of every stored photo in the manager's reach (the "Resize images" walk). */
export const ResizeIdsQuery = gql<PhotosResizeIdsQuery, PhotosResizeIdsQueryVariables>`
  query PhotosResizeIds($page: Int, $first: Int) {
    getPhotos(page: $page, first: $first) {
      data {
        id
        file {
          id
          content_type
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

/** A photo's log, newest first (managers of its location). */
export const PhotoLogsQuery = gql<PhotosLogsQuery, PhotosLogsQueryVariables>`
  query PhotosLogs($id: ID!, $page: Int, $first: Int) {
    getPhotoLogs(id: $id, page: $page, first: $first) {
      data {
        id
        photo_id
        action
        user {
          id
          fname
          lname
        }
        created_at
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

/** The size photos are stored at. */
export const ImagesSettingQuery = gql<PhotosImagesSettingQuery, PhotosImagesSettingQueryVariables>`
  query PhotosImagesSetting {
    getImagesSetting {
      long_side
      quality
      thumbnail
    }
  }
`;

/** A child's current photo consent. */
export const PhotoConsentQuery = gql<PhotosConsentQuery, PhotosConsentQueryVariables>`
  query PhotosConsent($id: ID!) {
    student(id: $id) {
      id
      photo_consent {
        student_id
        consent
        source
        recorded_by {
          id
          fname
          lname
        }
        created_at
      }
    }
  }
`;

/** Children of a location matching a search (tags and the gallery's filter). */
export const ChildOptionsQuery = gql<PhotosChildOptionsQuery, PhotosChildOptionsQueryVariables>`
  query PhotosChildOptions($location_id: ID, $search: String) {
    students(location_id: $location_id, search: $search, status: true, first: 50) {
      data {
        id
        full_name
      }
    }
  }
`;

/** Staff of a location (tags): the location's team as the time clock lists it, which teachers may read. */
export const StaffOptionsQuery = gql<PhotosStaffOptionsQuery, PhotosStaffOptionsQueryVariables>`
  query PhotosStaffOptions($location_id: ID!) {
    getTeamAttendance(location_id: $location_id, first: 100) {
      data {
        user {
          id
          full_name
        }
      }
    }
  }
`;
