import { z } from 'zod';
import { emit } from '@kv/jobs';
import { forbidden, parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { id, idList, pageArgs, paginated } from '../../core/args.ts';
import { notice } from '../../core/result.ts';
import { inTransaction } from '../../core/tx.ts';
import { findFiles } from '../files/index.ts';
import * as repo from './repo.ts';
import { chatAccess, type ChatAccess } from './policy.ts';
import { attachmentNotUsable, emptyMessage, messageNotFound, notAuthor, oneThread, threadNotFound } from './errors.ts';
import { publishChat } from './live.ts';
import { unreadSummary } from './summary.ts';

export const CHAT_MESSAGE_SENT = 'chat.message_sent';
export const CHAT_PURPOSE = 'chat_attachment';
const MAX_TEXT = 5000;

const msg = z
  .string()
  .max(MAX_TEXT, `Write at most ${MAX_TEXT} characters.`)
  .nullish()
  .transform((v) => (v ?? '').trim() || null);
const threadArgs = { student_id: id.nullish(), program_id: id.nullish() };

/** Exactly one of `student_id` / `program_id`: the child's or the room's thread. */
function threadOf(a: { student_id?: string | null; program_id?: string | null }): repo.Thread {
  if (a.student_id && !a.program_id) return { category: 'student', id: a.student_id };
  if (a.program_id && !a.student_id) return { category: 'program', id: a.program_id };
  throw oneThread();
}

const field = (t: repo.Thread) => (t.category === 'student' ? 'student_id' : 'program_id');

/** The thread's location when the viewer reaches the thread, else NOT_FOUND naming its field. */
async function reachThread(ctx: RequestContext, access: ChatAccess, t: repo.Thread): Promise<string> {
  const loc = await repo.threadLocation(ctx.db, access.scope, t);
  if (!loc) throw threadNotFound(field(t));
  return loc;
}

/** Spec sendChatMessage(msg, …): a message (text, an attachment or both) in a child's or a room's thread. */
export async function sendChatMessage(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(z.object({ msg, ...threadArgs, attachment: z.string().uuid('Choose an uploaded file.').nullish() }), raw);
  const t = threadOf(a);
  if (!a.msg && !a.attachment) throw emptyMessage();
  const locationId = await reachThread(ctx, access, t);
  let type: repo.ChatMessageRow['type'] = 'text';
  if (a.attachment) {
    const [file] = await findFiles(ctx.db, [a.attachment]);
    if (
      !file ||
      file.status !== 'ready' ||
      file.purpose !== CHAT_PURPOSE ||
      String(file.owner_id) !== locationId ||
      String(file.uploaded_by) !== access.userId ||
      (await repo.attachmentUsed(ctx.db, file.id))
    )
      throw attachmentNotUsable();
    type = String(file.content_type ?? file.declared_type).startsWith('image/') ? 'image' : 'pdf';
  }
  const parentRelation = !access.staff && t.category === 'student' ? await repo.relationOf(ctx.db, access.userId, t.id) : null;
  const row = await inTransaction(ctx, async (trx) => {
    const m = await repo
      .insertMessage(trx, {
        message: a.msg,
        type,
        category: t.category,
        student_id: t.category === 'student' ? t.id : null,
        program_id: t.category === 'program' ? t.id : null,
        location_id: locationId,
        user_id: access.userId,
        attachment_id: a.attachment ?? null,
        parent_relation: parentRelation,
      })
      .catch((e: { code?: string }) => {
        throw e.code === '23505' ? attachmentNotUsable() : e;
      });
    // The author has read their own thread up to here.
    await repo.markRead(trx, access.userId, t);
    await emit(trx, CHAT_MESSAGE_SENT, { centreId: ctx.tenant.id, message_id: String(m.id) });
    return m;
  });
  publishChat(ctx, 'added', row);
  return { ...notice('Message sent.'), chat: row };
}

/** Spec updateChatMessage: the author changes the text of their own message (never an emptied one). */
export async function updateChatMessage(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(z.object({ id, msg }), raw);
  const [m] = await repo.visibleMessages(ctx.db, access.scope, [a.id]);
  if (!m) throw messageNotFound();
  if (String(m.user_id) !== access.userId) throw notAuthor();
  if (!a.msg && !m.attachment_id) throw emptyMessage();
  const row = await inTransaction(ctx, (trx) => repo.updateMessage(trx, m.id, a.msg));
  publishChat(ctx, 'updated', row);
  return { ...notice('Message updated.'), chat: row };
}

/** Who may delete a message: its author, or staff in whose scope the thread is. */
function mayDelete(access: ChatAccess, m: repo.ChatMessageRow): boolean {
  return access.staff || String(m.user_id) === access.userId;
}

async function deleteMany(ctx: RequestContext, access: ChatAccess, ids: string[], fieldName: string) {
  const found = new Map((await repo.visibleMessages(ctx.db, access.scope, ids)).map((m) => [String(m.id), m]));
  ids.forEach((mid, i) => {
    const m = found.get(mid);
    if (!m) throw messageNotFound(fieldName === 'id' ? 'id' : `${fieldName}.${i}`);
    if (!mayDelete(access, m)) throw forbidden('Only the author or staff of the conversation may delete this message.');
  });
  const rows = await inTransaction(ctx, (trx) => repo.softDelete(trx, ids, access.userId));
  for (const r of rows) publishChat(ctx, 'deleted', r);
  return rows;
}

/** Spec deleteChatMessage: soft delete (`deleted_by`); deleted messages are never shown again. */
export async function deleteChatMessage(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await deleteMany(ctx, access, [a.id], 'id');
  return notice('Message deleted.');
}

/** Spec deleteChatSelectedMessage(ids): several messages at once, all or none. */
export async function deleteChatSelectedMessage(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(z.object({ ids: idList.min(1, 'Select at least one message.').max(100, 'Select at most 100 messages.') }), raw);
  const rows = await deleteMany(ctx, access, [...new Set(a.ids)], 'ids');
  return notice(rows.length === 1 ? '1 message deleted.' : `${rows.length} messages deleted.`);
}

/** Spec markChatRead: the viewer has read a thread up to its newest message. */
export async function markChatRead(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const t = threadOf(parseArgs(z.object(threadArgs), raw));
  const locationId = await reachThread(ctx, access, t);
  const last = await repo.markRead(ctx.db, access.userId, t);
  publishChat(ctx, 'read', {
    id: last ?? '0',
    category: t.category,
    student_id: t.category === 'student' ? t.id : null,
    program_id: t.category === 'program' ? t.id : null,
    location_id: locationId,
    user_id: access.userId,
  });
  return notice('Marked as read.');
}

/** Spec getUnreadChatCounts: the viewer's unread messages, in total and per thread. */
export async function getUnreadChatCounts(ctx: RequestContext) {
  const access = await chatAccess(ctx);
  return unreadSummary(ctx, access);
}


const pageSchema = z.object({ ...pageArgs });

async function threadPage(ctx: RequestContext, raw: Record<string, unknown>, t: repo.Thread) {
  const access = await chatAccess(ctx);
  const p = parseArgs(pageSchema, { page: raw.page, first: raw.first });
  await reachThread(ctx, access, t);
  const { rows, total } = await repo.threadMessages(ctx.db, t, p.page, p.first);
  return paginated(rows, total, p.page, p.first);
}

/** A child's thread (the family's conversation with the child's educators), newest first. */
export async function getStudentChat(ctx: RequestContext, raw: Record<string, unknown>) {
  const a = parseArgs(z.object({ student_id: id }).passthrough(), raw);
  return threadPage(ctx, raw, { category: 'student', id: a.student_id });
}

/** Spec getProgramChat: a room's thread, newest first. */
export async function getProgramChat(ctx: RequestContext, raw: Record<string, unknown>) {
  const a = parseArgs(z.object({ program_id: id }).passthrough(), raw);
  return threadPage(ctx, raw, { category: 'program', id: a.program_id });
}

const listSchema = z.object({
  location_id: id.nullish(),
  search: z.string().trim().max(100, 'Search with at most 100 characters.').nullish(),
  ...pageArgs,
});

/** Spec getLastMessagesByStudent: the children's threads of the scope, newest news first. */
export async function getLastMessagesByStudent(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(listSchema, raw);
  const { rows, total } = await repo.lastMessagesByStudent(ctx.db, access.scope, access.userId, a, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

/** Spec getLastMessagesByProgram: the rooms' threads of the scope, newest news first. */
export async function getLastMessagesByProgram(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(listSchema, raw);
  const { rows, total } = await repo.lastMessagesByProgram(ctx.db, access.scope, access.userId, a, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

const counterSchema = z.object({ location_id: id.nullish() });

/** Spec getChatCountersByStudent: per child thread with messages, its total and the viewer's unread. */
export async function getChatCountersByStudent(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(counterSchema, raw);
  return (await repo.counters(ctx.db, access.scope, access.userId, 'student', a.location_id ?? null)).map((r) => ({ id: r.thread_id, ...r }));
}

/** Spec getChatCountersByProgram: per room thread with messages, its total and the viewer's unread. */
export async function getChatCountersByProgram(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const a = parseArgs(counterSchema, raw);
  return (await repo.counters(ctx.db, access.scope, access.userId, 'program', a.location_id ?? null)).map((r) => ({ id: r.thread_id, ...r }));
}

/** Spec getStaffRecipientForMsg: the staff who read and answer a thread (the child's or the room's educators, the location's managers). */
export async function getStaffRecipientForMsg(ctx: RequestContext, raw: unknown) {
  const access = await chatAccess(ctx);
  const t = threadOf(parseArgs(z.object(threadArgs), raw));
  const locationId = await reachThread(ctx, access, t);
  return repo.staffRecipients(ctx.db, t, locationId);
}
