import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { pageArgs, paginated } from '../../../core/args.ts';
import { isoTime } from '../../../core/result.ts';
import { smsResponseScope } from '../policy.ts';
import * as repo from '../repo.ts';

const listArgs = z.object({
  search: z.string().trim().max(100, 'Search with at most 100 characters.').nullish(),
  ...pageArgs,
});

/** SMS replies, newest first: the owner all; managers those of contacts of their locations and of unknown numbers. */
export async function getSmsResponses(ctx: RequestContext, raw: unknown) {
  const locations = await smsResponseScope(ctx);
  const a = parseArgs(listArgs, raw);
  const { rows, total } = await repo.pageResponses(ctx.db, locations, a.search || null, a.page, a.first);
  return paginated(
    rows.map((r) => ({ ...r, received_at: isoTime(r.received_at) })),
    total,
    a.page,
    a.first,
  );
}
