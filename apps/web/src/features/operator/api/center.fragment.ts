import { gql } from '@urql/core';
import type { NoticeTriple } from '../../../lib/notices';

export const CenterFields = gql`
  fragment CenterFields on Center {
    id
    name
    slug
    kind
    language_pack
    status
    url
    hostname
    prefix_url
    base_url
    port
    on_trial
    trial_start_date
    trial_days
    trial_ends_on
    contact_email
    owner_fname
    owner_lname
    owner_username
    database_name
    schema_version
    migration_status
    migration_error
    provisioning_progress
    provisioning_step
    provisioning_error
    added_by
    added_at
    changed_by
    changed_at
    created_at
  }
`;

export interface CenterData {
  id: string;
  name: string;
  slug: string;
  kind: string;
  language_pack: string;
  status: string;
  url: string | null;
  hostname: string | null;
  prefix_url: string;
  base_url: string;
  port: number | null;
  on_trial: boolean;
  trial_start_date: string | null;
  trial_days: number | null;
  trial_ends_on: string | null;
  contact_email: string | null;
  owner_fname: string | null;
  owner_lname: string | null;
  owner_username: string | null;
  database_name: string | null;
  schema_version: string | null;
  migration_status: string | null;
  migration_error: string | null;
  provisioning_progress: number;
  provisioning_step: string | null;
  provisioning_error: string | null;
  added_by: string | null;
  added_at: string | null;
  changed_by: string | null;
  changed_at: string | null;
  created_at: string;
}

export const CenterResultFields = gql`
  fragment CenterResultFields on CenterResult {
    status
    message
    color
    center {
      ...CenterFields
    }
  }
  ${CenterFields}
`;

export type CenterResultData = NoticeTriple & { center: CenterData | null };

export interface PaginatorInfoData {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}
