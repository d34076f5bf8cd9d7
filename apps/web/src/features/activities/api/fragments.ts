import { gql } from '@urql/core';

/** An entry as every activities screen shows it (spec §3 Daily activity, with the kind's own values). */
export interface ActivityData {
  id: string;
  kind: string;
  date: string;
  time: string;
  end_time: string | null;
  amount: number | null;
  type: string | null;
  note: string | null;
  title: string | null;
  students: { id: string; fname: string; lname: string }[];
  by: string | null;
  nap: string | null;
  observation: string | null;
  position: string | null;
  mood: string | null;
  custom: string | null;
  staffOnly: boolean;
  status: string;
  program_id: string | null;
  portion: string | null;
  unit: string | null;
  medication_id: string | null;
  dose: string | null;
  injury: string | null;
  first_aid: string | null;
  body_part: string | null;
  supplies: string[] | null;
  temperature: number | null;
}

export const ActivityFields = gql`
  fragment ActivitiesEntryFields on Activity {
    id
    kind
    date
    time
    end_time
    amount
    type
    note
    title
    students {
      id
      fname
      lname
    }
    by
    nap
    observation
    position
    mood
    custom
    staffOnly
    status
    program_id
    portion
    unit
    medication_id
    dose
    injury
    first_aid
    body_part
    supplies
    temperature
  }
`;
