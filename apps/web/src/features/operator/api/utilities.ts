import { gql } from '@urql/core';
import type {
  OperatorUtilityCentresQuery,
  OperatorUtilityCentresQueryVariables,
  OperatorCenterHealthQuery,
  OperatorCenterHealthQueryVariables,
  OperatorRerunCenterMigrationMutation,
  OperatorRerunCenterMigrationMutationVariables,
  OperatorRepublishCenterMutation,
  OperatorRepublishCenterMutationVariables,
  OperatorFlushCenterCachesMutation,
  OperatorFlushCenterCachesMutationVariables,
} from '../../../graphql/generated/control-plane';

/** Centres to pick from on /utilities, by name (every status but deleted). */
export const UtilityCentresQuery = gql<OperatorUtilityCentresQuery, OperatorUtilityCentresQueryVariables>`
  query OperatorUtilityCentres($search: String, $first: Int) {
    getCenters(search: $search, first: $first) {
      data {
        id
        name
        slug
        status
      }
    }
  }
`;

export const CenterHealthQuery = gql<OperatorCenterHealthQuery, OperatorCenterHealthQueryVariables>`
  query OperatorCenterHealth($center_id: ID!) {
    getCenterHealth(center_id: $center_id) {
      center_id
      name
      slug
      status
      hostnames
      database_name
      database_reachable
      database_error
      database_latency_ms
      schema_version
      latest_version
      pending_migrations
      queue_backlog
      queue_retrying
      queue_oldest_due_at
      last_backup_at
      last_backup_status
      last_drill_at
      last_drill_status
      last_migration {
        run_id
        status
        from_version
        to_version
        applied
        error
        started_by
        started_at
        finished_at
      }
      checked_at
    }
  }
`;

const UtilityResultFields = gql`
  fragment UtilityResultFields on CenterUtilityResult {
    status
    message
    color
    action
    center_id
    migration_run_id
    hostnames
    flushed
  }
`;

export const RerunCenterMigrationMutation = gql<OperatorRerunCenterMigrationMutation, OperatorRerunCenterMigrationMutationVariables>`
  mutation OperatorRerunCenterMigration($center_id: ID!) {
    rerunCenterMigration(center_id: $center_id) {
      ...UtilityResultFields
    }
  }
  ${UtilityResultFields}
`;

export const RepublishCenterMutation = gql<OperatorRepublishCenterMutation, OperatorRepublishCenterMutationVariables>`
  mutation OperatorRepublishCenter($center_id: ID!) {
    republishCenter(center_id: $center_id) {
      ...UtilityResultFields
    }
  }
  ${UtilityResultFields}
`;

export const FlushCenterCachesMutation = gql<OperatorFlushCenterCachesMutation, OperatorFlushCenterCachesMutationVariables>`
  mutation OperatorFlushCenterCaches($center_id: ID!) {
    flushCenterCaches(center_id: $center_id) {
      ...UtilityResultFields
    }
  }
  ${UtilityResultFields}
`;

export type CenterHealthData = OperatorCenterHealthQuery['getCenterHealth'];
export type UtilityResultData = OperatorFlushCenterCachesMutation['flushCenterCaches'];
