import { gql } from '@urql/core';
import type {
  OperatorNewsletterCreateMutation,
  OperatorNewsletterCreateMutationVariables,
  OperatorNewsletterDeleteMutation,
  OperatorNewsletterDeleteMutationVariables,
  OperatorNewsletterDuplicateMutation,
  OperatorNewsletterDuplicateMutationVariables,
  OperatorNewsletterQuery,
  OperatorNewsletterQueryVariables,
  OperatorNewslettersQuery,
  OperatorNewslettersQueryVariables,
  OperatorNewsletterUpdateMutation,
  OperatorNewsletterUpdateMutationVariables,
} from '../../../graphql/generated/control-plane';

export type PlatformNewsletterData = OperatorNewslettersQuery['getNewsletters']['data'][number];

export const PlatformNewslettersQuery = gql<OperatorNewslettersQuery, OperatorNewslettersQueryVariables>`
  query OperatorNewsletters($page: Int, $first: Int, $search: String, $is_temp: Boolean) {
    getNewsletters(page: $page, first: $first, search: $search, is_temp: $is_temp) {
      data { id name is_temp tags updated_at }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;

export const PlatformNewsletterQuery = gql<OperatorNewsletterQuery, OperatorNewsletterQueryVariables>`
  query OperatorNewsletter($id: ID!) {
    getNewsletter(id: $id) { id name template is_temp uploaded tags }
  }
`;

export const PlatformCreateMutation = gql<OperatorNewsletterCreateMutation, OperatorNewsletterCreateMutationVariables>`
  mutation OperatorNewsletterCreate($name: String!, $template: String, $is_temp: Boolean, $uploaded: Boolean, $tags: [String!]) {
    createNewsletter(name: $name, template: $template, is_temp: $is_temp, uploaded: $uploaded, tags: $tags) { status message color newsletter { id } }
  }
`;

export const PlatformUpdateMutation = gql<OperatorNewsletterUpdateMutation, OperatorNewsletterUpdateMutationVariables>`
  mutation OperatorNewsletterUpdate($id: ID!, $name: String, $template: String, $uploaded: Boolean, $tags: [String!]) {
    updateNewsletter(id: $id, name: $name, template: $template, uploaded: $uploaded, tags: $tags) { status message color newsletter { id } }
  }
`;

export const PlatformDeleteMutation = gql<OperatorNewsletterDeleteMutation, OperatorNewsletterDeleteMutationVariables>`
  mutation OperatorNewsletterDelete($id: ID!) {
    deleteNewsletter(id: $id) { status message color newsletter { id } }
  }
`;

export const PlatformDuplicateMutation = gql<OperatorNewsletterDuplicateMutation, OperatorNewsletterDuplicateMutationVariables>`
  mutation OperatorNewsletterDuplicate($id: ID!) {
    duplicateNewsletter(id: $id) { status message color newsletter { id } }
  }
`;
