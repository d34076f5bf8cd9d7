import { gql } from '@urql/core';
import { CenterResultFields, type CenterResultData } from './center.fragment';

export const SuspendCenterMutation = gql<{ suspendCenter: CenterResultData }, { id: string }>`
  mutation OperatorSuspendCenter($id: ID!) {
    suspendCenter(id: $id) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;

export const ActivateCenterMutation = gql<{ activateCenter: CenterResultData }, { id: string }>`
  mutation OperatorActivateCenter($id: ID!) {
    activateCenter(id: $id) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;

export const ExtendCenterTrialMutation = gql<{ extendCenterTrial: CenterResultData }, { id: string; days: number }>`
  mutation OperatorExtendCenterTrial($id: ID!, $days: Int!) {
    extendCenterTrial(id: $id, days: $days) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;

export const RetryProvisioningMutation = gql<{ retryProvisioning: CenterResultData }, { id: string }>`
  mutation OperatorRetryProvisioning($id: ID!) {
    retryProvisioning(id: $id) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;
