import { gql } from '@urql/core';
import type { OperatorCenterStorageQuery, OperatorCenterStorageQueryVariables } from '../../../graphql/generated/control-plane';

/** A centre's stored files (one query on its database: asked on the detail page only). */
export const CenterStorageQuery = gql<OperatorCenterStorageQuery, OperatorCenterStorageQueryVariables>`
  query OperatorCenterStorage($id: ID!) {
    getCenter(id: $id) {
      id
      storage {
        files
        bytes
      }
    }
  }
`;
