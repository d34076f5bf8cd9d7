import { gql } from '@urql/core';
import { CameraGroupFields, RoomFields } from './fragments';
import type {
  SetupGroupCamerasQuery,
  SetupGroupCamerasQueryVariables,
  SetupRoomsAndGroupsQuery,
  SetupRoomsAndGroupsQueryVariables,
} from '../../../graphql/generated/tenant-api';

export const RoomsAndGroupsQuery = gql<SetupRoomsAndGroupsQuery, SetupRoomsAndGroupsQueryVariables>`
  query SetupRoomsAndGroups($location_id: ID!) {
    roomsByLocation(location_id: $location_id) {
      ...SetupRoomFields
    }
    groupsByLocation(location_id: $location_id) {
      ...SetupCameraGroupFields
    }
  }
  ${RoomFields}
  ${CameraGroupFields}
`;

export const GroupCamerasQuery = gql<SetupGroupCamerasQuery, SetupGroupCamerasQueryVariables>`
  query SetupGroupCameras($id: ID!) {
    getGroupCameras(id: $id) {
      id
      name
      color_code
    }
  }
`;
