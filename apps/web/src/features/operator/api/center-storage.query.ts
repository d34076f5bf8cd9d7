import { gql } from '@urql/core';

/** A centre's stored files (one query on its database: asked on the detail page only). */
export const CenterStorageQuery = gql<
  { getCenter: { id: string; storage: { files: number; bytes: number } | null } | null },
  { id: string }
>`
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
