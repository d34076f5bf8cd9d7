import { gql } from '@urql/core';
import type { DeleteStreamingServerMutation, DeleteStreamingServerMutationVariables } from '../../../graphql/generated/tenant-api';

export const DeleteStreamMutation = gql<DeleteStreamingServerMutation, DeleteStreamingServerMutationVariables>`
  mutation DeleteStreamingServer($id: ID!) {
    deleteStream(id: $id) {
      status
      message
      color
    }
  }
`;
