import { gql } from '@urql/core';
import type {
  PeopleAddAllergyMutation,
  PeopleAddAllergyMutationVariables,
  PeopleAddMedicationMutation,
  PeopleAddMedicationMutationVariables,
  PeopleAddRelationshipMutation,
  PeopleAddRelationshipMutationVariables,
  PeopleAddTagMutation,
  PeopleAddTagMutationVariables,
  PeopleAssignUserLabelsMutation,
  PeopleAssignUserLabelsMutationVariables,
  PeopleBulkAddTagsMutation,
  PeopleBulkAddTagsMutationVariables,
  PeopleBulkDetachTagsMutation,
  PeopleBulkDetachTagsMutationVariables,
  PeopleDeleteAllergyMutation,
  PeopleDeleteAllergyMutationVariables,
  PeopleDeleteMedicationMutation,
  PeopleDeleteMedicationMutationVariables,
  PeopleDeleteRelationshipMutation,
  PeopleDeleteRelationshipMutationVariables,
  PeopleDeleteTagMutation,
  PeopleDeleteTagMutationVariables,
  PeopleUpdateAllergyMutation,
  PeopleUpdateAllergyMutationVariables,
  PeopleUpdateMedicationMutation,
  PeopleUpdateMedicationMutationVariables,
  PeopleUpdateRelationshipMutation,
  PeopleUpdateRelationshipMutationVariables,
  PeopleUpdateTagMutation,
  PeopleUpdateTagMutationVariables,
} from '../../../graphql/generated/tenant-api';

export const AddTagMutation = gql<PeopleAddTagMutation, PeopleAddTagMutationVariables>`
  mutation PeopleAddTag($name: String!) {
    addTag(name: $name) {
      status
      message
      color
    }
  }
`;
export const UpdateTagMutation = gql<PeopleUpdateTagMutation, PeopleUpdateTagMutationVariables>`
  mutation PeopleUpdateTag($id: ID!, $name: String!) {
    updateTag(id: $id, name: $name) {
      status
      message
      color
    }
  }
`;
export const DeleteTagMutation = gql<PeopleDeleteTagMutation, PeopleDeleteTagMutationVariables>`
  mutation PeopleDeleteTag($id: ID!) {
    deleteTag(id: $id) {
      status
      message
      color
    }
  }
`;
export const AddAllergyMutation = gql<PeopleAddAllergyMutation, PeopleAddAllergyMutationVariables>`
  mutation PeopleAddAllergy($name: String!) {
    addAllergy(name: $name) {
      status
      message
      color
    }
  }
`;
export const UpdateAllergyMutation = gql<PeopleUpdateAllergyMutation, PeopleUpdateAllergyMutationVariables>`
  mutation PeopleUpdateAllergy($id: ID!, $name: String!) {
    updateAllergy(id: $id, name: $name) {
      status
      message
      color
    }
  }
`;
export const DeleteAllergyMutation = gql<PeopleDeleteAllergyMutation, PeopleDeleteAllergyMutationVariables>`
  mutation PeopleDeleteAllergy($id: ID!) {
    deleteAllergy(id: $id) {
      status
      message
      color
    }
  }
`;
export const AddMedicationMutation = gql<PeopleAddMedicationMutation, PeopleAddMedicationMutationVariables>`
  mutation PeopleAddMedication($name: String!) {
    addMedication(name: $name) {
      status
      message
      color
    }
  }
`;
export const UpdateMedicationMutation = gql<PeopleUpdateMedicationMutation, PeopleUpdateMedicationMutationVariables>`
  mutation PeopleUpdateMedication($id: ID!, $name: String!) {
    updateMedication(id: $id, name: $name) {
      status
      message
      color
    }
  }
`;
export const DeleteMedicationMutation = gql<PeopleDeleteMedicationMutation, PeopleDeleteMedicationMutationVariables>`
  mutation PeopleDeleteMedication($id: ID!) {
    deleteMedication(id: $id) {
      status
      message
      color
    }
  }
`;

export const AddRelationshipMutation = gql<PeopleAddRelationshipMutation, PeopleAddRelationshipMutationVariables>`
  mutation PeopleAddRelationship($name: String!, $is_default: Boolean, $legal_guardian: Boolean, $relationship_type: String) {
    addRelationship(name: $name, is_default: $is_default, legal_guardian: $legal_guardian, relationship_type: $relationship_type) {
      status
      message
      color
    }
  }
`;
export const UpdateRelationshipMutation = gql<PeopleUpdateRelationshipMutation, PeopleUpdateRelationshipMutationVariables>`
  mutation PeopleUpdateRelationship($id: ID!, $name: String, $is_default: Boolean, $legal_guardian: Boolean, $relationship_type: String) {
    updateRelationship(
      id: $id
      name: $name
      is_default: $is_default
      legal_guardian: $legal_guardian
      relationship_type: $relationship_type
    ) {
      status
      message
      color
    }
  }
`;
export const DeleteRelationshipMutation = gql<PeopleDeleteRelationshipMutation, PeopleDeleteRelationshipMutationVariables>`
  mutation PeopleDeleteRelationship($id: ID!) {
    deleteRelationship(id: $id) {
      status
      message
      color
    }
  }
`;

export const BulkAddTagsMutation = gql<PeopleBulkAddTagsMutation, PeopleBulkAddTagsMutationVariables>`
  mutation PeopleBulkAddTags($students: [ID!]!, $tags: [ID!]!) {
    bulkAddTags(students: $students, tags: $tags) {
      status
      message
      color
      students {
        id
      }
    }
  }
`;

export const BulkDetachTagsMutation = gql<PeopleBulkDetachTagsMutation, PeopleBulkDetachTagsMutationVariables>`
  mutation PeopleBulkDetachTags($students: [ID!]!, $tags: [ID!]!) {
    bulkDetachTags(students: $students, tags: $tags) {
      status
      message
      color
      students {
        id
      }
    }
  }
`;

/** A person's tags, allergies and medications, each replaced by the chosen list. */
export const AssignUserLabelsMutation = gql<PeopleAssignUserLabelsMutation, PeopleAssignUserLabelsMutationVariables>`
  mutation PeopleAssignUserLabels($user_id: ID!, $tags: [ID!]!, $allergies: [ID!]!, $medications: [ID!]!) {
    assignTagToUser(user_id: $user_id, tags: $tags) {
      status
      message
      color
    }
    assignAllergyToUser(user_id: $user_id, allergies: $allergies) {
      status
      message
      color
    }
    assignMedicationToUser(user_id: $user_id, medications: $medications) {
      status
      message
      color
    }
  }
`;
