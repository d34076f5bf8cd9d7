import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { assertCanReadProfile } from './policy.ts';
import * as repo from './repo.ts';
import { diff } from '../../core/audit.ts';
import { notice } from '../../core/result.ts';

const logo = z
  .string()
  .trim()
  .max(500, 'The logo address is too long.')
  .refine((v) => v === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(v), 'Use an http(s) address or a path.')
  .nullish();

function shape(v: { school_name?: string | null; school_logo?: string | null } | undefined) {
  return { school_name: v?.school_name ?? null, school_logo: v?.school_logo ?? null };
}

export async function getSchoolProfile(ctx: RequestContext) {
  assertCanReadProfile(ctx);
  return shape(await repo.readSchoolProfile(ctx.db));
}

export async function addSchool(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(
    z.object({
      school_name: fields.name('School name').pipe(z.string().max(150, 'School name must be at most 150 characters.')),
      school_logo: logo,
    }),
    raw,
  );
  const profile = await ctx.db.transaction(async (trx) => {
    const before = shape(await repo.readSchoolProfile(trx));
    const next = {
      school_name: args.school_name,
      school_logo: args.school_logo === undefined ? before.school_logo : args.school_logo || null,
    };
    await repo.writeSchoolProfile(trx, next);
    const v = ctx.viewer!;
    await repo.audit(trx, {
      actor_user_id: v.id,
      support_session_id: v.support?.sessionId ?? null,
      actor_label: v.support?.operator ?? null,
      action: 'school.profile',
      entity: 'settings',
      entity_id: 'school_profile',
      data: { changes: diff(before, next, ['school_name', 'school_logo']) },
      ip: ctx.ip,
    });
    return next;
  });
  return { ...notice('School profile saved.'), profile };
}
