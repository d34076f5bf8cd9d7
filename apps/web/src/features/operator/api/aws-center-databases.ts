import { gql } from '@urql/core';
import type {
  OperatorApiGroupRestartsQuery,
  OperatorApiGroupRestartsQueryVariables,
  OperatorApiGroupsQuery,
  OperatorApiGroupsQueryVariables,
  OperatorCenterDatabasesQuery,
  OperatorCenterDatabasesQueryVariables,
  OperatorDeploymentServersQuery,
  OperatorDeploymentServersQueryVariables,
  OperatorRestartServerMutation,
  OperatorRestartServerMutationVariables,
} from '../../../graphql/generated/control-plane';

/** Database servers with their connections and size, read now (/aws-center-databases). */
export const DeploymentServersQuery = gql<OperatorDeploymentServersQuery, OperatorDeploymentServersQueryVariables>`
  query OperatorDeploymentServers {
    getDeploymentServers {
      id
      name
      kind
      host
      port
      status
      max_databases
      center_count
      connections_used
      connections_max
      size_bytes
      usage_error
    }
  }
`;

const ApiRestartFields = gql`
  fragment ApiRestartFields on ApiRestart {
    id
    mode
    status
    started_at
    finished_at
    started_by
    replaced
    total
    error
  }
`;

const ApiGroupFields = gql`
  fragment ApiGroupFields on ApiGroup {
    name
    mode
    size
    workers {
      id
      pid
      task
      started_at
      uptime_seconds
      memory_rss
      requests_in_flight
      requests_served
      status
    }
    last_restart {
      ...ApiRestartFields
      deployment
    }
  }
  ${ApiRestartFields}
`;

export const ApiGroupsQuery = gql<OperatorApiGroupsQuery, OperatorApiGroupsQueryVariables>`
  query OperatorApiGroups {
    getApiGroups {
      ...ApiGroupFields
    }
  }
  ${ApiGroupFields}
`;

/** A group's recorded restarts, newest first (the short history under its workers). */
export const ApiGroupRestartsQuery = gql<OperatorApiGroupRestartsQuery, OperatorApiGroupRestartsQueryVariables>`
  query OperatorApiGroupRestarts($group: String!, $first: Int) {
    getApiGroupRestarts(group: $group, first: $first) {
      data {
        ...ApiRestartFields
      }
      paginatorInfo {
        total
      }
    }
  }
  ${ApiRestartFields}
`;

export const RestartServerMutation = gql<OperatorRestartServerMutation, OperatorRestartServerMutationVariables>`
  mutation OperatorRestartServer($group: String!) {
    restartServer(group: $group) {
      status
      message
      color
      group {
        ...ApiGroupFields
      }
    }
  }
  ${ApiGroupFields}
`;

export const CenterDatabasesQuery = gql<OperatorCenterDatabasesQuery, OperatorCenterDatabasesQueryVariables>`
  query OperatorCenterDatabases($page: Int, $first: Int, $search: String, $server_id: ID) {
    getCenterDatabases(page: $page, first: $first, search: $search, server_id: $server_id) {
      data {
        center_id
        center_name
        slug
        status
        database_name
        server_name
        schema_version
        migration_status
        migration_error
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

export type DeploymentServerItem = OperatorDeploymentServersQuery['getDeploymentServers'][number];
export type ApiGroupItem = OperatorApiGroupsQuery['getApiGroups'][number];
export type ApiWorkerItem = ApiGroupItem['workers'][number];
export type ApiRestartItem = OperatorApiGroupRestartsQuery['getApiGroupRestarts']['data'][number];
export type CenterDatabaseItem = OperatorCenterDatabasesQuery['getCenterDatabases']['data'][number];
