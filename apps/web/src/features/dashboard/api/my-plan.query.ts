import { gql } from '@urql/core';
import type { DashboardMyPlanQuery, DashboardMyPlanQueryVariables } from '../../../graphql/generated/tenant-api';

/** The centre's plan and trial with the platform (read by the API from the control plane). */
export const MyPlanQuery = gql<DashboardMyPlanQuery, DashboardMyPlanQueryVariables>`
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
