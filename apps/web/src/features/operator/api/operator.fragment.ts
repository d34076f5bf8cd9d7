import type { SessionUser } from '../../../lib/session-store';

/** Plain text: the session store posts the refresh without urql; urql documents interpolate it. */
export const OPERATOR_FIELDS = `
  fragment OperatorFields on Operator {
    id
    fname
    lname
    username
    email
    role
    last_login_time
  }
`;

export interface OperatorData {
  id: string;
  fname: string;
  lname: string;
  username: string;
  email: string | null;
  role: string;
  last_login_time: string | null;
}

function isOperator(value: unknown): value is OperatorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as OperatorData).id === 'string' &&
    typeof (value as OperatorData).role === 'string'
  );
}

/** An operator as the shell's user: their one role, no centre permissions. */
export function operatorToSessionUser(raw: unknown): SessionUser | null {
  if (!isOperator(raw)) return null;
  return {
    id: raw.id,
    fname: raw.fname,
    lname: raw.lname,
    full_name: `${raw.fname} ${raw.lname}`.trim(),
    username: raw.username,
    email: raw.email,
    last_login_time: raw.last_login_time,
    roles: [{ name: raw.role }],
    permissions: [],
  };
}
