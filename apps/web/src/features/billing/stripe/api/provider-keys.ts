import { gql } from '@urql/core';
import type {
  BillingProviderKeysQuery,
  BillingProviderKeysQueryVariables,
  BillingSaveProviderKeysMutation,
  BillingSaveProviderKeysMutationVariables,
} from '../../../../graphql/generated/tenant-api';

export const ProviderKeysQuery = gql<BillingProviderKeysQuery, BillingProviderKeysQueryVariables>`
  query BillingProviderKeys {
    getPaymentProviderKeys {
      configured
      publishable_key
      secret_key
      livemode
      webhook_url
      webhook_secrets
      updated_at
    }
  }
`;

export const SaveProviderKeysMutation = gql<BillingSaveProviderKeysMutation, BillingSaveProviderKeysMutationVariables>`
  mutation BillingSaveProviderKeys($publishable_key: String!, $secret_key: String!) {
    savePaymentProviderKeys(publishable_key: $publishable_key, secret_key: $secret_key) {
      status
      message
      color
      keys {
        configured
        publishable_key
        secret_key
        livemode
        webhook_url
        webhook_secrets
        updated_at
      }
    }
  }
`;
