import { gql } from '@urql/core';
import type { Notice } from './types';

export const DeleteStreamMutation = gql<{ deleteStream: Notice }, { id: string }>`
  mutation DeleteStreamingServer($id: ID!) {
    deleteStream(id: $id) {
      status
      message
      color
    }
  }
`;
