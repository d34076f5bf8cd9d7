import { gql } from '@urql/core';

export type MyPlan = {
  plan: { id: string; name: string; amount: string; period: string } | null;
  status: string;
  on_trial: boolean;
  trial_ends_on: string | null;
  trial_days_left: number | null;
  payment_end: string | null;
};

/** The centre's plan and trial with the platform (read by the API from the control plane). */
export const MyPlanQuery = gql<{ getMyPlan: MyPlan }, Record<string, never>>`
  query DashboardMyPlan {
    getMyPlan {
      plan {
        id
        name
        amount
        period
      }
      status
      on_trial
      trial_ends_on
      trial_days_left
      payment_end
    }
  }
`;
