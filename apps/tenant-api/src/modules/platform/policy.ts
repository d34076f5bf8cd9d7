import type { RequestContext } from '../../types.ts';
import { requireViewer } from '../../core/access.ts';

/**
 * The centre's plan with the platform: the owner, and managers holding `billing.manage`, which the
 * access gate checks (authorization matrix: getMyPlan). It is the centre's own: no relation to check.
 */
export function assertCanReadPlan(ctx: RequestContext): void {
  requireViewer(ctx);
}

/**
 * The centre's invoices, payments and cards with the platform, and paying them: the owner (`center`)
 * only, which the gate checks (getMyPlanBilling, payMyPlanInvoice). The centre is the token's, so
 * no other centre's billing can be named.
 */
export function assertOwner(ctx: RequestContext): void {
  requireViewer(ctx);
}
