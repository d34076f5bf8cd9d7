import { gql } from '@urql/core';
import { ActivityFields } from './fragments';
import type {
  ActivitiesApproveMutation,
  ActivitiesApproveMutationVariables,
  ActivitiesDeleteEntryMutation,
  ActivitiesDeleteEntryMutationVariables,
  ActivitiesSaveBottleMutation,
  ActivitiesSaveBottleMutationVariables,
  ActivitiesSaveCustomMutation,
  ActivitiesSaveCustomMutationVariables,
  ActivitiesSaveDiaperMutation,
  ActivitiesSaveDiaperMutationVariables,
  ActivitiesSaveIncidentMutation,
  ActivitiesSaveIncidentMutationVariables,
  ActivitiesSaveKudosMutation,
  ActivitiesSaveKudosMutationVariables,
  ActivitiesSaveMealMutation,
  ActivitiesSaveMealMutationVariables,
  ActivitiesSaveMedicationMutation,
  ActivitiesSaveMedicationMutationVariables,
  ActivitiesSaveMoodMutation,
  ActivitiesSaveMoodMutationVariables,
  ActivitiesSaveNapMutation,
  ActivitiesSaveNapMutationVariables,
  ActivitiesSaveNoteMutation,
  ActivitiesSaveNoteMutationVariables,
  ActivitiesSaveObservationMutation,
  ActivitiesSaveObservationMutationVariables,
  ActivitiesSavePhotoMutation,
  ActivitiesSavePhotoMutationVariables,
  ActivitiesSavePlainMutation,
  ActivitiesSavePlainMutationVariables,
  ActivitiesSavePottyMutation,
  ActivitiesSavePottyMutationVariables,
  ActivitiesSaveSuppliesMutation,
  ActivitiesSaveSuppliesMutationVariables,
  ActivitiesSaveVideoMutation,
  ActivitiesSaveVideoMutationVariables,
  ActivitiesSendReportMutation,
  ActivitiesSendReportMutationVariables,
} from '../../../graphql/generated/tenant-api';

/** What every save answers: the notice, whether a repeated request_id replayed the first result, the entry. */
const SaveResultFields = gql`
  fragment ActivitiesSaveResultFields on ActivityResult {
    status
    message
    color
    replayed
    activity {
      ...ActivitiesEntryFields
    }
  }
  ${ActivityFields}
`;

export const SaveBottleMutation = gql<ActivitiesSaveBottleMutation, ActivitiesSaveBottleMutationVariables>`
  mutation ActivitiesSaveBottle(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $amount: Float
    $unit: String
    $type: String
  ) {
    saveBottleActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      amount: $amount
      unit: $unit
      type: $type
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveMealMutation = gql<ActivitiesSaveMealMutation, ActivitiesSaveMealMutationVariables>`
  mutation ActivitiesSaveMeal(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $type: String
    $portion: String
    $title: String
  ) {
    saveMealActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      type: $type
      portion: $portion
      title: $title
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveNapMutation = gql<ActivitiesSaveNapMutation, ActivitiesSaveNapMutationVariables>`
  mutation ActivitiesSaveNap(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $end_time: String
    $position: String
    $nap: String
  ) {
    saveNapActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      end_time: $end_time
      position: $position
      nap: $nap
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveDiaperMutation = gql<ActivitiesSaveDiaperMutation, ActivitiesSaveDiaperMutationVariables>`
  mutation ActivitiesSaveDiaper(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $type: String
  ) {
    saveDiaperActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      type: $type
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SavePottyMutation = gql<ActivitiesSavePottyMutation, ActivitiesSavePottyMutationVariables>`
  mutation ActivitiesSavePotty(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $type: String
  ) {
    savePottyActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      type: $type
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveSuppliesMutation = gql<ActivitiesSaveSuppliesMutation, ActivitiesSaveSuppliesMutationVariables>`
  mutation ActivitiesSaveSupplies(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $supplies: [String!]
  ) {
    saveSuppliesActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      supplies: $supplies
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveMedicationMutation = gql<ActivitiesSaveMedicationMutation, ActivitiesSaveMedicationMutationVariables>`
  mutation ActivitiesSaveMedication(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $medication_id: ID
    $dose: String
    $by: String
  ) {
    saveMedicationActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      medication_id: $medication_id
      dose: $dose
      by: $by
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveIncidentMutation = gql<ActivitiesSaveIncidentMutation, ActivitiesSaveIncidentMutationVariables>`
  mutation ActivitiesSaveIncident(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $injury: String
    $first_aid: String
    $body_part: String
    $title: String
  ) {
    saveIncidentActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      injury: $injury
      first_aid: $first_aid
      body_part: $body_part
      title: $title
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveNoteMutation = gql<ActivitiesSaveNoteMutation, ActivitiesSaveNoteMutationVariables>`
  mutation ActivitiesSaveNote(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $title: String
  ) {
    saveNoteActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      title: $title
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveKudosMutation = gql<ActivitiesSaveKudosMutation, ActivitiesSaveKudosMutationVariables>`
  mutation ActivitiesSaveKudos(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $title: String
  ) {
    saveKudosActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      title: $title
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveMoodMutation = gql<ActivitiesSaveMoodMutation, ActivitiesSaveMoodMutationVariables>`
  mutation ActivitiesSaveMood(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $mood: String
  ) {
    saveMoodActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      mood: $mood
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveCustomMutation = gql<ActivitiesSaveCustomMutation, ActivitiesSaveCustomMutationVariables>`
  mutation ActivitiesSaveCustom(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $custom: String
    $title: String
    $amount: Float
  ) {
    saveCustomActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      custom: $custom
      title: $title
      amount: $amount
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SaveObservationMutation = gql<ActivitiesSaveObservationMutation, ActivitiesSaveObservationMutationVariables>`
  mutation ActivitiesSaveObservation(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $observation: String
    $skills: [ID!]
  ) {
    saveObservationActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      observation: $observation
      skills: $skills
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

export const SavePlainMutation = gql<ActivitiesSavePlainMutation, ActivitiesSavePlainMutationVariables>`
  mutation ActivitiesSavePlain(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $title: String
    $type: String
    $end_time: String
  ) {
    saveActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      title: $title
      type: $type
      end_time: $end_time
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

/** Approves entries waiting for a manager (all or nothing). */
export const ApproveMutation = gql<ActivitiesApproveMutation, ActivitiesApproveMutationVariables>`
  mutation ActivitiesApprove($id: [ID!]!) {
    approveRoomActivities(id: $id) {
      status
      message
      color
      activities {
        id
        status
      }
    }
  }
`;

/** Mails a child's day to the chosen guardians or staff. */
export const SendReportMutation = gql<ActivitiesSendReportMutation, ActivitiesSendReportMutationVariables>`
  mutation ActivitiesSendReport($student: ID!, $date: String, $receivers: [ID!]!, $emailData: String) {
    sendDailyReport(student: $student, date: $date, receivers: $receivers, emailData: $emailData) {
      status
      message
      color
    }
  }
`;

/** Takes a child off an entry (the last child's removal deletes it). */
export const DeleteEntryMutation = gql<ActivitiesDeleteEntryMutation, ActivitiesDeleteEntryMutationVariables>`
  mutation ActivitiesDeleteEntry($id: ID!, $student: ID!) {
    deleteDailyActivity(id: $id, student: $student) {
      status
      message
      color
      id
    }
  }
`;

/** A photo of the children: a students-album photo uploaded first (photos area), with its caption. */
export const SavePhotoMutation = gql<ActivitiesSavePhotoMutation, ActivitiesSavePhotoMutationVariables>`
  mutation ActivitiesSavePhoto(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $photo: ID
    $title: String
  ) {
    savePhotoActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      photo: $photo
      title: $title
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;

/** A video of the children: a students-album video uploaded first (photos area), with its caption. */
export const SaveVideoMutation = gql<ActivitiesSaveVideoMutation, ActivitiesSaveVideoMutationVariables>`
  mutation ActivitiesSaveVideo(
    $id: ID
    $date: String
    $time: String
    $students: [ID!]!
    $staffOnly: Boolean
    $note: String
    $request_id: String
    $photo: ID
    $title: String
  ) {
    saveVideoActivity(
      id: $id
      date: $date
      time: $time
      students: $students
      staffOnly: $staffOnly
      note: $note
      request_id: $request_id
      photo: $photo
      title: $title
    ) {
      ...ActivitiesSaveResultFields
    }
  }
  ${SaveResultFields}
`;
