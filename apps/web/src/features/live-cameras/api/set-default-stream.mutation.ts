import { gql } from '@urql/core';
import type { Notice } from './types';

export const SetDefaultStreamMutation = gql<{ setDefaultStream: Notice }, { id: string }>`
  mutation SetDefaultStreamingServer($id: ID!) {
    setDefaultStream(id: $id) {
      status
      message
      color
    }
  }
`;
