import { gql } from '@urql/core';
import { StreamingServerFields } from './camera-fields.fragment';
import type { CreateStreamingServerMutation, CreateStreamingServerMutationVariables } from '../../../graphql/generated/tenant-api';

export interface StreamInput {
  name: string;
  type: string;
  base_url: string;
  api_url?: string | null;
  secret?: string | null;
  location_id?: string | null;
  is_default?: boolean;
  status?: boolean;
}

export const CreateStreamMutation = gql<CreateStreamingServerMutation, CreateStreamingServerMutationVariables>`
  mutation CreateStreamingServer(
    $name: String!
    $type: String!
    $base_url: String!
    $api_url: String
    $secret: String
    $location_id: ID
    $is_default: Boolean
    $status: Boolean
  ) {
    createStream(
      name: $name
      type: $type
      base_url: $base_url
      api_url: $api_url
      secret: $secret
      location_id: $location_id
      is_default: $is_default
      status: $status
    ) {
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
