import { gql } from '@urql/core';
import { CenterResultFields } from './center.fragment';
import type {
  OperatorActivateCenterMutation,
  OperatorActivateCenterMutationVariables,
  OperatorExtendCenterTrialMutation,
  OperatorExtendCenterTrialMutationVariables,
  OperatorRetryProvisioningMutation,
  OperatorRetryProvisioningMutationVariables,
  OperatorSuspendCenterMutation,
  OperatorSuspendCenterMutationVariables,
} from '../../../graphql/generated/control-plane';

export const SuspendCenterMutation = gql<OperatorSuspendCenterMutation, OperatorSuspendCenterMutationVariables>`
  mutation OperatorSuspendCenter($id: ID!) {
    suspendCenter(id: $id) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;

export const ActivateCenterMutation = gql<OperatorActivateCenterMutation, OperatorActivateCenterMutationVariables>`
  mutation OperatorActivateCenter($id: ID!) {
    activateCenter(id: $id) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;

export const ExtendCenterTrialMutation = gql<OperatorExtendCenterTrialMutation, OperatorExtendCenterTrialMutationVariables>`
  mutation OperatorExtendCenterTrial($id: ID!, $days: Int!) {
    extendCenterTrial(id: $id, days: $days) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;

export const RetryProvisioningMutation = gql<OperatorRetryProvisioningMutation, OperatorRetryProvisioningMutationVariables>`
  mutation OperatorRetryProvisioning($id: ID!) {
    retryProvisioning(id: $id) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;
