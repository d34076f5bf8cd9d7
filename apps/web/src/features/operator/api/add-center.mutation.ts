import { gql } from '@urql/core';
import { CenterResultFields } from './center.fragment';
import type { OperatorAddCenterMutation, OperatorAddCenterMutationVariables } from '../../../graphql/generated/control-plane';

export interface AddCenterVariables {
  name: string;
  slug: string;
  kind: string;
  language_pack: string;
  contact_email: string;
  owner_fname: string;
  owner_lname: string;
  owner_username: string;
  on_trial: boolean;
  trial_days?: number | null;
}

export const AddCenterMutation = gql<OperatorAddCenterMutation, OperatorAddCenterMutationVariables>`
  mutation OperatorAddCenter(
    $name: String!
    $slug: String!
    $kind: String
    $language_pack: String
    $contact_email: String!
    $owner_fname: String!
    $owner_lname: String!
    $owner_username: String!
    $on_trial: Boolean
    $trial_days: Int
  ) {
    addCenter(
      name: $name
      slug: $slug
      kind: $kind
      language_pack: $language_pack
      contact_email: $contact_email
      owner_fname: $owner_fname
      owner_lname: $owner_lname
      owner_username: $owner_username
      on_trial: $on_trial
      trial_days: $trial_days
    ) {
      ...CenterResultFields
    }
  }
  ${CenterResultFields}
`;
