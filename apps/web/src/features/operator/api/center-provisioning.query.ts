import { gql } from '@urql/core';

export interface CenterProvisioningData {
  status: string;
  progress: number;
  step: string | null;
  error: string | null;
  attempts: number;
}

export const CenterProvisioningQuery = gql<{ centerProvisioning: CenterProvisioningData | null }, { id: string }>`
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
