import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const UpdateSidebarPermissionMutation = gql<{ updateSidebarPermission: NoticeTriple }, { menu_name: string; roles: string[] }>`
  mutation AccessUpdateSidebarPermission($menu_name: String!, $roles: [String!]!) {
    updateSidebarPermission(menu_name: $menu_name, roles: $roles) {
      status
      message
      color
    }
  }
`;
