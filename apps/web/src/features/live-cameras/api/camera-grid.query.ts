import { gql } from '@urql/core';
import { CameraTileFields } from './camera-fields.fragment';
import type { CameraGridQuery as CameraGridQueryResult, CameraGridQueryVariables } from '../../../graphql/generated/tenant-api';

export const CameraGridQuery = gql<CameraGridQueryResult, CameraGridQueryVariables>`
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
