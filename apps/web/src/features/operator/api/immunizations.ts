import { gql } from '@urql/core';
import type {
  OperatorImmunizationsQuery,
  OperatorImmunizationsQueryVariables,
  OperatorImmunizationCreateMutation,
  OperatorImmunizationCreateMutationVariables,
  OperatorImmunizationUpdateMutation,
  OperatorImmunizationUpdateMutationVariables,
  OperatorImmunizationDeleteMutation,
  OperatorImmunizationDeleteMutationVariables,
  OperatorImmunizationPublishMutation,
  OperatorImmunizationPublishMutationVariables,
} from '../../../graphql/generated/control-plane';

export type OperatorImmunizationData = OperatorImmunizationsQuery['getImmunizations'][number];
export type OperatorScheduleData = OperatorImmunizationsQuery['getImmunizationSchedules'][number];

export const OperatorImmunizations = gql<OperatorImmunizationsQuery, OperatorImmunizationsQueryVariables>`
  query OperatorImmunizations {
    getImmunizations {
      id
      name
      code
      kind
      is_required
      doses {
        number
        label
        min_age
        recommended_age
        min_interval
        booster_validity
      }
    }
    getImmunizationSchedules {
      id
      version
      effective_from
      source_url
      note
      published_by
      created_at
      immunizations {
        id
      }
    }
  }
`;

export const OperatorImmunizationCreate = gql<OperatorImmunizationCreateMutation, OperatorImmunizationCreateMutationVariables>`
  mutation OperatorImmunizationCreate(
    $name: String!
    $code: String!
    $kind: String!
    $is_required: Boolean!
    $doses: [ImmunizationDoseInput!]!
  ) {
    createImmunization(name: $name, code: $code, kind: $kind, is_required: $is_required, doses: $doses) {
      status
      message
      color
      immunization {
        id
      }
    }
  }
`;

export const OperatorImmunizationUpdate = gql<OperatorImmunizationUpdateMutation, OperatorImmunizationUpdateMutationVariables>`
  mutation OperatorImmunizationUpdate(
    $id: ID!
    $name: String
    $code: String
    $kind: String
    $is_required: Boolean
    $doses: [ImmunizationDoseInput!]
  ) {
    updateImmunization(id: $id, name: $name, code: $code, kind: $kind, is_required: $is_required, doses: $doses) {
      status
      message
      color
      immunization {
        id
      }
    }
  }
`;

export const OperatorImmunizationDelete = gql<OperatorImmunizationDeleteMutation, OperatorImmunizationDeleteMutationVariables>`
  mutation OperatorImmunizationDelete($id: ID!) {
    deleteImmunization(id: $id) {
      status
      message
      color
      immunization {
        id
      }
    }
  }
`;

export const OperatorImmunizationPublish = gql<OperatorImmunizationPublishMutation, OperatorImmunizationPublishMutationVariables>`
  mutation OperatorImmunizationPublish($effective_from: String!, $source_url: String, $note: String) {
    publishImmunizationSchedule(effective_from: $effective_from, source_url: $source_url, note: $note) {
      status
      message
      color
      schedule {
        id
        version
      }
    }
  }
`;
