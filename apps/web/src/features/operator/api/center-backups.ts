import { gql } from '@urql/core';
import type {
  OperatorCenterDeletionQuery,
  OperatorCenterDeletionQueryVariables,
  OperatorBackupCenterDatabaseMutation,
  OperatorBackupCenterDatabaseMutationVariables,
  OperatorCenterBackupsQuery,
  OperatorCenterBackupsQueryVariables,
  OperatorCenterSnapshotsQuery,
  OperatorCenterSnapshotsQueryVariables,
  OperatorDeleteCenterDatabaseMutation,
  OperatorDeleteCenterDatabaseMutationVariables,
  OperatorDeleteCenterMutation,
  OperatorDeleteCenterMutationVariables,
  OperatorDrillCenterBackupMutation,
  OperatorDrillCenterBackupMutationVariables,
  OperatorRestoreCenterDatabaseMutation,
  OperatorRestoreCenterDatabaseMutationVariables,
  OperatorUndoDeleteCenterMutation,
  OperatorUndoDeleteCenterMutationVariables,
} from '../../../graphql/generated/control-plane';

/** /center-aws/:centreId: the centre's deletion state, backups, drills and restores (one page of each). */
export const CenterBackupsQuery = gql<OperatorCenterBackupsQuery, OperatorCenterBackupsQueryVariables>`
  query OperatorCenterBackups($id: ID!, $backupsPage: Int, $backupsFirst: Int, $drillsPage: Int, $drillsFirst: Int) {
    getCenter(id: $id) {
      id
      name
      slug
      hostname
      status
      maintenance
      purge_after
      purged_at
      last_drill_passed_at
      deletion {
        id
        purged_at
        objects_removed
        backups_removed
      }
    }
    getCenterBackups(center_id: $id, page: $backupsPage, first: $backupsFirst) {
      data {
        id
        kind
        status
        schema_version
        table_count
        row_count
        size_bytes
        checksum
        error
        created_at
        finished_at
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
    getCenterDrills(center_id: $id, page: $drillsPage, first: $drillsFirst) {
      data {
        id
        backup_id
        status
        tables_checked
        rows_checked
        duration_ms
        error
        mismatches {
          table
        }
        created_at
        finished_at
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
    getCenterRestores(center_id: $id, first: 5) {
      data {
        id
        backup_id
        status
        step
        from_database
        to_database
        drop_old_after
        error
        created_at
      }
    }
  }
`;

export const CenterSnapshotsQuery = gql<OperatorCenterSnapshotsQuery, OperatorCenterSnapshotsQueryVariables>`
  query OperatorCenterSnapshots($id: ID!) {
    getDatabaseSnapshots(center_id: $id) {
      id
      status
      type
      created_at
      size_gb
    }
  }
`;

export const BackupCenterDatabaseMutation = gql<OperatorBackupCenterDatabaseMutation, OperatorBackupCenterDatabaseMutationVariables>`
  mutation OperatorBackupCenterDatabase($id: ID!) {
    backupCenterDatabase(center_id: $id) {
      status
      message
      color
    }
  }
`;

export const DrillCenterBackupMutation = gql<OperatorDrillCenterBackupMutation, OperatorDrillCenterBackupMutationVariables>`
  mutation OperatorDrillCenterBackup($id: ID!, $backupId: ID) {
    drillCenterBackup(center_id: $id, backup_id: $backupId) {
      status
      message
      color
    }
  }
`;

export const RestoreCenterDatabaseMutation = gql<OperatorRestoreCenterDatabaseMutation, OperatorRestoreCenterDatabaseMutationVariables>`
  mutation OperatorRestoreCenterDatabase($id: ID!, $backupId: ID!, $host: String!) {
    restoreCenterDatabase(center_id: $id, backup_id: $backupId, confirm_hostname: $host) {
      status
      message
      color
    }
  }
`;

export const DeleteCenterMutation = gql<OperatorDeleteCenterMutation, OperatorDeleteCenterMutationVariables>`
  mutation OperatorDeleteCenter($id: ID!, $host: String!) {
    deleteCenter(id: $id, confirm_hostname: $host) {
      status
      message
      color
    }
  }
`;

export const UndoDeleteCenterMutation = gql<OperatorUndoDeleteCenterMutation, OperatorUndoDeleteCenterMutationVariables>`
  mutation OperatorUndoDeleteCenter($id: ID!) {
    undoDeleteCenter(id: $id) {
      status
      message
      color
    }
  }
`;

export const DeleteCenterDatabaseMutation = gql<OperatorDeleteCenterDatabaseMutation, OperatorDeleteCenterDatabaseMutationVariables>`
  mutation OperatorDeleteCenterDatabase($id: ID!, $host: String!) {
    deleteCenterDatabase(center_id: $id, confirm_hostname: $host) {
      status
      message
      color
    }
  }
`;

/** The deletion section of /center/:centreId. */
export const CenterDeletionQuery = gql<OperatorCenterDeletionQuery, OperatorCenterDeletionQueryVariables>`
  query OperatorCenterDeletion($id: ID!) {
    getCenter(id: $id) {
      id
      slug
      hostname
      status
      purge_after
      purged_at
      last_drill_passed_at
    }
  }
`;
