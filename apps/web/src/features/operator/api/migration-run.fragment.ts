import { gql } from '@urql/core';

export const MigrationRunFields = gql`
  fragment MigrationRunFields on MigrationRun {
    id
    dry_run
    status
    total
    succeeded
    failed
    started_by
    started_at
    finished_at
    center_id
    error
  }
`;

export interface MigrationRunData {
  id: string;
  dry_run: boolean;
  status: string;
  total: number;
  succeeded: number;
  failed: number;
  started_by: string | null;
  started_at: string;
  finished_at: string | null;
  center_id: string | null;
  error: string | null;
}

export interface TenantMigrationData {
  center_id: string;
  center_name: string;
  slug: string;
  status: string;
  from_version: string | null;
  to_version: string | null;
  applied: string[];
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
}
