import type { Actor } from '../access.ts';
import type { Services } from '../services.ts';

/** Mercurius context of the control plane, built once per request. */
export interface CpContext {
  actor: Actor;
  services: Services;
}
