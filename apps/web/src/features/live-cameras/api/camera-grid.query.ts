import { gql } from '@urql/core';
import { CameraTileFields } from './camera-fields.fragment';
import type { CameraTileData, Notice } from './types';

export const CameraGridQuery = gql<{ playCameraGridView: Notice & { tiles: CameraTileData[] } }, { location_id?: string | null }>`
  query CameraGrid($location_id: ID) {
    playCameraGridView(location_id: $location_id) {
      status
      message
      color
      tiles {
        ...CameraTileFields
      }
    }
  }
  ${CameraTileFields}
`;
