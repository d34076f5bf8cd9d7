import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { isoTime } from '../../core/result.ts';
import { getSmsResponses } from './service/responses.ts';
import type { SmsResponseRow } from './repo.ts';

export const smsResolvers: Resolvers = {
  Query: {
    getSmsResponses: (_: unknown, args: Record<string, unknown>, ctx: RequestContext) => getSmsResponses(ctx, args),
  },
  SmsResponse: {
    received_at: (r: SmsResponseRow) => isoTime(r.received_at),
  },
};
