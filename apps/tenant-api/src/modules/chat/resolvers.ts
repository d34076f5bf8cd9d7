import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso, isoTime } from '../../core/result.ts';
import * as chat from './service.ts';
import type { ChatMessageRow, ThreadRow } from './repo.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

export const chatResolvers: Resolvers = {
  Query: {
    getStudentChat: (_: unknown, args: Args, ctx: RequestContext) => chat.getStudentChat(ctx, args),
    getProgramChat: (_: unknown, args: Args, ctx: RequestContext) => chat.getProgramChat(ctx, args),
    getUnreadChatCounts: (_: unknown, _args: Args, ctx: RequestContext) => chat.getUnreadChatCounts(ctx),
    getChatCountersByStudent: (_: unknown, args: Args, ctx: RequestContext) => chat.getChatCountersByStudent(ctx, args),
    getChatCountersByProgram: (_: unknown, args: Args, ctx: RequestContext) => chat.getChatCountersByProgram(ctx, args),
    getLastMessagesByStudent: (_: unknown, args: Args, ctx: RequestContext) => chat.getLastMessagesByStudent(ctx, args),
    getLastMessagesByProgram: (_: unknown, args: Args, ctx: RequestContext) => chat.getLastMessagesByProgram(ctx, args),
    getStaffRecipientForMsg: (_: unknown, args: Args, ctx: RequestContext) => chat.getStaffRecipientForMsg(ctx, args),
  },
  Mutation: {
    sendChatMessage: (_: unknown, args: Args, ctx: RequestContext) => chat.sendChatMessage(ctx, args),
    updateChatMessage: (_: unknown, args: Args, ctx: RequestContext) => chat.updateChatMessage(ctx, args),
    deleteChatMessage: (_: unknown, args: Args, ctx: RequestContext) => chat.deleteChatMessage(ctx, args),
    deleteChatSelectedMessage: (_: unknown, args: Args, ctx: RequestContext) => chat.deleteChatSelectedMessage(ctx, args),
    markChatRead: (_: unknown, args: Args, ctx: RequestContext) => chat.markChatRead(ctx, args),
  },
  ChatMessage: {
    created_at: (r: ChatMessageRow) => isoTime(r.created_at),
    updated_at: (r: ChatMessageRow) => isoTime(r.updated_at),
    deleted_by: () => null,
    mine: (r: ChatMessageRow, _: unknown, ctx: RequestContext) => Boolean(ctx.viewer && String(r.user_id) === ctx.viewer.id),
    edited: (r: ChatMessageRow) => new Date(r.updated_at).getTime() - new Date(r.created_at).getTime() > 1000,
  },
  ChatThread: {
    id: (r: ThreadRow) => r.thread_id,
    last_message: (r: ThreadRow) => r.last,
  },
  ChatEvent: {
    created_at: (r: Row) => iso(r.created_at),
  },
};
