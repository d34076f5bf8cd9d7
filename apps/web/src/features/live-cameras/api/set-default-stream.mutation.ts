import { gql } from '@urql/core';
import type { SetDefaultStreamingServerMutation, SetDefaultStreamingServerMutationVariables } from '../../../graphql/generated/tenant-api';

export const SetDefaultStreamMutation = gql<SetDefaultStreamingServerMutation, SetDefaultStreamingServerMutationVariables>`
  mutation SetDefaultStreamingServer($id: ID!) {
    setDefaultStream(id: $id) {
      status
      message
      color
    }
  }
`;
