import { gql } from '@urql/core';
import type { ResultTriple } from './fragments';

type R = ResultTriple;

export const AddTagMutation = gql<{ addTag: R }, { name: string }>`
  mutation PeopleAddTag($name: String!) {
    addTag(name: $name) {
      status
      message
      color
    }
  }
`;
export const UpdateTagMutation = gql<{ updateTag: R }, { id: string; name: string }>`
  mutation PeopleUpdateTag($id: ID!, $name: String!) {
    updateTag(id: $id, name: $name) {
      status
      message
      color
    }
  }
`;
export const DeleteTagMutation = gql<{ deleteTag: R }, { id: string }>`
  mutation PeopleDeleteTag($id: ID!) {
    deleteTag(id: $id) {
      status
      message
      color
    }
  }
`;
export const AddAllergyMutation = gql<{ addAllergy: R }, { name: string }>`
  mutation PeopleAddAllergy($name: String!) {
    addAllergy(name: $name) {
      status
      message
      color
    }
  }
`;
export const UpdateAllergyMutation = gql<{ updateAllergy: R }, { id: string; name: string }>`
  mutation PeopleUpdateAllergy($id: ID!, $name: String!) {
    updateAllergy(id: $id, name: $name) {
      status
      message
      color
    }
  }
`;
export const DeleteAllergyMutation = gql<{ deleteAllergy: R }, { id: string }>`
  mutation PeopleDeleteAllergy($id: ID!) {
    deleteAllergy(id: $id) {
      status
      message
      color
    }
  }
`;
export const AddMedicationMutation = gql<{ addMedication: R }, { name: string }>`
  mutation PeopleAddMedication($name: String!) {
    addMedication(name: $name) {
      status
      message
      color
    }
  }
`;
export const UpdateMedicationMutation = gql<{ updateMedication: R }, { id: string; name: string }>`
  mutation PeopleUpdateMedication($id: ID!, $name: String!) {
    updateMedication(id: $id, name: $name) {
      status
      message
      color
    }
  }
`;
export const DeleteMedicationMutation = gql<{ deleteMedication: R }, { id: string }>`
  mutation PeopleDeleteMedication($id: ID!) {
    deleteMedication(id: $id) {
      status
      message
      color
    }
  }
`;

type RelVars = { name: string; is_default?: boolean; legal_guardian?: boolean; relationship_type?: string | null };

export const AddRelationshipMutation = gql<{ addRelationship: R }, RelVars>`
  mutation PeopleAddRelationship($name: String!, $is_default: Boolean, $legal_guardian: Boolean, $relationship_type: String) {
    addRelationship(name: $name, is_default: $is_default, legal_guardian: $legal_guardian, relationship_type: $relationship_type) {
      status
      message
      color
    }
  }
`;
export const UpdateRelationshipMutation = gql<{ updateRelationship: R }, RelVars & { id: string }>`
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
export const DeleteRelationshipMutation = gql<{ deleteRelationship: R }, { id: string }>`
  mutation PeopleDeleteRelationship($id: ID!) {
    deleteRelationship(id: $id) {
      status
      message
      color
    }
  }
`;

type BulkTagsResult = R & { students: { id: string }[] };

export const BulkAddTagsMutation = gql<{ bulkAddTags: BulkTagsResult }, { students: string[]; tags: string[] }>`
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

export const BulkDetachTagsMutation = gql<{ bulkDetachTags: BulkTagsResult }, { students: string[]; tags: string[] }>`
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

type UserLabelsData = R & { user: { id: string } | null };

/** A person's tags, allergies and medications, each replaced by the chosen list. */
export const AssignUserLabelsMutation = gql<
  { assignTagToUser: UserLabelsData; assignAllergyToUser: UserLabelsData; assignMedicationToUser: UserLabelsData },
  { user_id: string; tags: string[]; allergies: string[]; medications: string[] }
>`
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
