import type { BenchContext } from './context.ts';
import { gql } from './context.ts';

/** The platform host (the operator console and the sign-up funnel). */
export const PLATFORM_HOST = 'localhost';

/** Signs the bench server's operator in on the platform host; answers the access token. */
export async function operatorToken(ctx: BenchContext): Promise<string> {
  const operator = await ctx.platformCtl<{ username: string; password: string }>('/operator');
  const signedIn = await gql<{ login: { tokens: { access_token: string } | null; message: string } }>(
    ctx,
    { host: PLATFORM_HOST },
    null,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { message tokens { access_token } } }',
    { u: operator.username, p: operator.password },
  );
  const token = signedIn.login.tokens?.access_token;
  if (!token) throw new Error(`Operator sign-in failed: ${signedIn.login.message}`);
  return token;
}
