import { gql } from '@urql/core';
import { StreamingServerFields } from './camera-fields.fragment';
import type { UpdateStreamingServerMutation, UpdateStreamingServerMutationVariables } from '../../../graphql/generated/tenant-api';

export const UpdateStreamMutation = gql<UpdateStreamingServerMutation, UpdateStreamingServerMutationVariables>`
  mutation UpdateStreamingServer(
    $id: ID!
    $name: String
    $type: String
    $base_url: String
    $api_url: String
    $secret: String
    $status: Boolean
  ) {
    updateStream(id: $id, name: $name, type: $type, base_url: $base_url, api_url: $api_url, secret: $secret, status: $status) {
      status
      message
      color
      stream {
        ...StreamingServerFields
      }
    }
  }
  ${StreamingServerFields}
`;
