import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';
import type { RoleData } from './roles-with-permissions.query';

export const RolesResultFields = gql`
  fragment RolesResultFields on RolesResult {
    status
    message
    color
    roles {
      id
      name
      display_name
      permissions {
        id
        name
        display_name
      }
    }
  }
`;

export type RolesResultData = NoticeTriple & { roles: RoleData[] };
