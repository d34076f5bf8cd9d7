/** `maintenance`: a restore is swapping the centre's database (the control plane's `centers.maintenance`). */
export type CentreStatus = 'provisioning' | 'active' | 'suspended' | 'failed' | 'maintenance';

/** What a request needs to know about the centre its host belongs to; never carries a secret. */
export interface CentreEntry {
  id: string;
  slug: string;
  name: string;
  kind: 'childcare' | 'petcare';
  language_pack: 'default' | 'dogs';
  status: CentreStatus;
  on_trial: boolean;
  /** `YYYY-MM-DD`, the first day the trial no longer covers; null when not on trial. */
  trial_ends_on: string | null;
  /**
   * How the centre pays the platform (absent in an entry cached before it was added: `card`). A
   * transfer or cheque centre is not cut off when its trial ends: its invoice waits for a payment.
   */
  billing_method?: 'card' | 'transfer' | 'cheque';
  database_server_id: string | null;
  database_name: string | null;
  schema_version: string | null;
  /** Slugs of the centre's websites an operator took offline (`/site/<slug>` answers 404); absent means none. */
  offline_sites?: string[];
}

export interface DirectoryLog {
  warn(obj: object, msg: string): void;
}
