import { gql } from '@urql/core';
import type {
  BillingProviderKeysQuery,
  BillingProviderKeysQueryVariables,
  BillingSaveProviderKeysMutation,
  BillingSaveProviderKeysMutationVariables,
} from '../../../../graphql/generated/tenant-api';

const PROVIDER_KEYS = gql`
  fragment BillingProviderKeysFields on PaymentProviderKeys {
    configured
    publishable_key
    secret_key
    livemode
    webhook_url
    webhook_secrets
    updated_at
  }
`;

export const ProviderKeysQuery = gql<BillingProviderKeysQuery, BillingProviderKeysQueryVariables>`
  query BillingProviderKeys {
    getPaymentProviderKeys {
      ...BillingProviderKeysFields
    }
  }
  ${PROVIDER_KEYS}
`;

export const SaveProviderKeysMutation = gql<BillingSaveProviderKeysMutation, BillingSaveProviderKeysMutationVariables>`
  mutation BillingSaveProviderKeys($publishable_key: String!, $secret_key: String!) {
    savePaymentProviderKeys(publishable_key: $publishable_key, secret_key: $secret_key) {
      status
      message
      color
      keys {
        ...BillingProviderKeysFields
      }
    }
  }
  ${PROVIDER_KEYS}
`;
