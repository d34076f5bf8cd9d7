import { gql } from '@urql/core';
import { CameraGroupFields, RoomFields, type CameraGroupData, type RoomData } from './fragments';

export const RoomsAndGroupsQuery = gql<{ roomsByLocation: RoomData[]; groupsByLocation: CameraGroupData[] }, { location_id: string }>`
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

export const GroupCamerasQuery = gql<{ getGroupCameras: { id: string; name: string; color_code: string }[] }, { id: string }>`
  query SetupGroupCameras($id: ID!) {
    getGroupCameras(id: $id) {
      id
      name
      color_code
    }
  }
`;
