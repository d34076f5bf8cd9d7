/** The role ladder of spec §6, lowest first. A rule naming a role allows it and every role above. */
export const ROLE_LADDER = ['guest', 'user', 'blog', 'teacher', 'manager', 'kvsupport', 'center', 'admin'] as const;

export type RoleName = (typeof ROLE_LADDER)[number];

/** Roles that exist as accounts in a centre database (guest is the absence of a role). */
export const CENTRE_ROLES: readonly RoleName[] = ['user', 'blog', 'teacher', 'manager', 'center'];

/** Roles held by platform operators in the control plane. */
export const OPERATOR_ROLES: readonly RoleName[] = ['kvsupport', 'admin'];

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_LADDER as readonly string[]).includes(value);
}

export function roleRank(role: RoleName): number {
  return ROLE_LADDER.indexOf(role);
}

/** True when `held` is `required` or above it on the ladder. */
export function roleAtLeast(held: RoleName, required: RoleName): boolean {
  return roleRank(held) >= roleRank(required);
}

/** The highest of several roles; `guest` when there are none (spec: "initial role … else guest"). */
export function highestRole(roles: readonly string[]): RoleName {
  let best: RoleName = 'guest';
  for (const r of roles) if (isRoleName(r) && roleRank(r) > roleRank(best)) best = r;
  return best;
}
