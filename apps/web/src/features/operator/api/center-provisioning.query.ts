import { gql } from '@urql/core';
import type { OperatorCenterProvisioningQuery, OperatorCenterProvisioningQueryVariables } from '../../../graphql/generated/control-plane';

export interface CenterProvisioningData {
  status: string;
  progress: number;
  step: string | null;
  error: string | null;
  attempts: number;
}

export const CenterProvisioningQuery = gql<OperatorCenterProvisioningQuery, OperatorCenterProvisioningQueryVariables>`
  query OperatorCenterProvisioning($id: ID!) {
    centerProvisioning(id: $id) {
      status
      progress
      step
      error
      attempts
    }
  }
`;
