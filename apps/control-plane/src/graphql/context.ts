import type { Actor } from '../access.ts';
import type { Services } from '../services.ts';
import type { LoginGuard } from '../plugins/app/login-throttle.ts';

/** Mercurius context of the control plane, built once per request. */
export interface CpContext {
  actor: Actor;
  services: Services;
  /** Set on requests that carry a `login` (the sign-in throttle's charges, to settle). */
  logins?: LoginGuard;
}
