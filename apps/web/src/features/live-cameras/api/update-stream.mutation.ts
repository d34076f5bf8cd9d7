import { gql } from '@urql/core';
import { StreamingServerFields } from './camera-fields.fragment';
import type { Notice, StreamingServer } from './types';

export const UpdateStreamMutation = gql<
  { updateStream: Notice & { stream: StreamingServer | null } },
  { id: string; name?: string; type?: string; base_url?: string; api_url?: string | null; secret?: string | null; status?: boolean }
>`
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
