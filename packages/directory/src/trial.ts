import type { CentreEntry } from './types.ts';

/**
 * Whether the centre's trial is over with nothing billing it: the tenant API's 402. A centre paying
 * by transfer or cheque is billed by invoice once its trial ends, so it keeps serving (an invoice left
 * unpaid past the plan's grace days suspends it, as a failed card payment does). `today` is `YYYY-MM-DD`.
 */
export function trialOverUnbilled(
  entry: Pick<CentreEntry, 'on_trial' | 'trial_ends_on' | 'billing_method'>,
  today = new Date().toISOString().slice(0, 10),
): boolean {
  if (!entry.on_trial || !entry.trial_ends_on || entry.trial_ends_on > today) return false;
  return (entry.billing_method ?? 'card') === 'card';
}
