/**
 * What the shell keeps about the signed-in user (userInfo / userRoles). Plain text: the sign-in
 * page and the session store post it without urql; urql documents interpolate it. `permissions`
 * are the user's abilities: the permissions the server's access gate grants (all for the owner),
 * so menus and route guards decide as the gate does.
 */
export const SESSION_USER_FIELDS = `
  fragment SessionUserFields on User {
    id
    fname
    lname
    full_name
    username
    email
    avatar
    locale
    last_login_time
    permissions: abilities
    roles {
      id
      name
      display_name
    }
    support_session {
      operator
      expires_at
      mode
    }
  }
`;

export interface SessionUserData {
  id: string;
  fname: string;
  lname: string;
  full_name: string;
  username: string;
  email: string | null;
  avatar: string | null;
  locale: string;
  last_login_time: string | null;
  permissions: string[];
  roles: { id: string; name: string; display_name: string }[];
  support_session: { operator: string; expires_at: string; mode: string } | null;
}
