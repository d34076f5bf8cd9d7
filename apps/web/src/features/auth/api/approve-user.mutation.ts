import { gql } from '@urql/core';
import type { AuthApproveUserMutation, AuthApproveUserMutationVariables } from '../../../graphql/generated/tenant-api';

export const ApproveUserMutation = gql<AuthApproveUserMutation, AuthApproveUserMutationVariables>`
  mutation AuthApproveUser($token: String!) {
    approveUser(token: $token) {
      status
      message
      color
    }
  }
`;
