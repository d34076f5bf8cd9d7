import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql';
import { AppError, CommonError } from '@kv/server';
import type { LoginThrottles } from '../../deps.ts';

/**
 * The `username` of every `login` a document would run, aliases and fragments included, so
 * 20 aliased logins cost 20 attempts and not one.
 */
export function loginUsernames(
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const value = (v: ValueNode | undefined): string =>
    !v ? '' : v.kind === Kind.STRING ? v.value : v.kind === Kind.VARIABLE ? String(variables?.[v.name.value] ?? '') : '';
  const found: string[] = [];
  const walk = (set: SelectionSetNode, seen: ReadonlySet<string>) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD && sel.name.value === 'login') {
        found.push(
          value(sel.arguments?.find((a) => a.name.value === 'username')?.value)
            .trim()
            .toLowerCase(),
        );
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, seen);
      } else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
        const frag = fragments.get(sel.name.value);
        if (frag) walk(frag.selectionSet, new Set([...seen, sel.name.value]));
      }
    }
  };
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION || def.operation !== 'mutation') continue;
    if (operationName && def.name?.value !== operationName) continue;
    walk(def.selectionSet, new Set());
  }
  return found;
}

/** Charges the IP and each account once per `login` occurrence before anything executes. */
export async function chargeLogins(throttles: LoginThrottles, ip: string, usernames: string[]): Promise<void> {
  if (usernames.length === 0) return;
  const perAccount = new Map<string, number>();
  for (const u of usernames) perAccount.set(u, (perAccount.get(u) ?? 0) + 1);
  const results = [await throttles.ip.consume(ip, usernames.length)];
  for (const [username, n] of perAccount) results.push(await throttles.account.consume(username, n));
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length) {
    const retryAfterMs = Math.max(...blocked.map((r) => r.retryAfterMs));
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    throw new AppError(
      CommonError.Throttled,
      `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterMs },
      429,
    );
  }
}
