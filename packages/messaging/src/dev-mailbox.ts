import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from '@kv/db';
import { escapeHtml } from './html.ts';

export interface DevMailboxOptions {
  /** The database of the centre (or control plane) the request is for. */
  dbFor(request: FastifyRequest): Promise<Knex>;
  /** SMS pages carry a Reply form posting to `/dev/mailbox/<id>/reply` (the host app serves it: a signed inbound SMS). */
  smsReply?: boolean;
}

interface MessageRow {
  id: string;
  channel: string;
  recipient: string;
  user_id: string | null;
  template: string | null;
  locale: string | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  data: Record<string, unknown>;
  status: string;
  provider_id: string | null;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export const MAILBOX_PAGE_SIZE = 25;
const JSON_LIMIT_DEFAULT = 50;
const JSON_LIMIT_MAX = 200;

const PAGE_STYLE = `
body{font-family:system-ui,Arial,sans-serif;margin:24px;color:#1f2937;background:#f9fafb}
h1{font-size:22px;margin:0 0 4px}p.lead{color:#6b7280;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e5e7eb;font-size:14px;vertical-align:top}
th{background:#f3f4f6}a{color:#2563eb}nav{margin:12px 0;display:flex;gap:16px;align-items:center;font-size:14px}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e5e7eb;padding:12px}
iframe{width:100%;height:640px;border:1px solid #e5e7eb;background:#fff}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{color:#6b7280}`;

function formatTime(value: Date | null): string {
  return value
    ? value
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : '';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>
<body>${body}</body></html>
`;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  // Only our own inline styles; no scripts anywhere, including the message bodies shown here.
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; frame-ancestors 'self'")
    .send(html);
}

function positiveInt(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The Reply form of an SMS: the recipient answers as from their phone (an inbound, signed message). */
function replyForm(id: string, replied: boolean): string {
  return `<h2>Reply</h2>${replied ? '<p role="status">Reply sent.</p>' : ''}
<form method="post" action="/dev/mailbox/${escapeHtml(String(id))}/reply"><p><label for="reply-body">Reply as the recipient</label></p>
<p><textarea id="reply-body" name="Body" rows="3" cols="60" maxlength="1600" required></textarea></p><p><button type="submit">Reply</button></p></form>`;
}

/**
 * The dev mailbox: every message this server would have sent, newest first. Register it only when
 * messages are captured (embedded mode, tests); it shows PINs and links.
 */
export async function devMailboxRoutes(fastify: FastifyInstance, opts: DevMailboxOptions): Promise<void> {
  fastify.get('/dev/mailbox', async (request, reply) => {
    const db = await opts.dbFor(request);
    const [count] = await db('outbound_messages').count<{ n: string }[]>({ n: '*' });
    const total = Number(count?.n ?? 0);
    const lastPage = Math.max(1, Math.ceil(total / MAILBOX_PAGE_SIZE));
    const current = Math.min(positiveInt((request.query as Record<string, unknown>).page, 1), lastPage);
    const rows: MessageRow[] = await db('outbound_messages')
      .select('id', 'channel', 'recipient', 'subject', 'status', 'created_at')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(MAILBOX_PAGE_SIZE)
      .offset((current - 1) * MAILBOX_PAGE_SIZE);
    const body = rows.length
      ? rows
          .map(
            (r) =>
              `<tr><td><time datetime="${escapeHtml(r.created_at.toISOString())}">${escapeHtml(formatTime(r.created_at))}</time></td>` +
              `<td>${escapeHtml(r.channel)}</td><td>${escapeHtml(r.recipient)}</td>` +
              `<td><a href="/dev/mailbox/${escapeHtml(r.id)}">${escapeHtml(r.subject || '(no subject)')}</a></td><td>${escapeHtml(r.status)}</td></tr>`,
          )
          .join('\n')
      : '<tr><td colspan="5">No data available.</td></tr>';
    const first = total ? (current - 1) * MAILBOX_PAGE_SIZE + 1 : 0;
    const nav = [
      `<span>Showing: ${first}–${first + rows.length - (rows.length ? 1 : 0)} of ${total}</span>`,
      `<span>Page ${current} of ${lastPage}</span>`,
      current > 1 ? `<a href="/dev/mailbox?page=${current - 1}" rel="prev">Previous</a>` : '',
      current < lastPage ? `<a href="/dev/mailbox?page=${current + 1}" rel="next">Next</a>` : '',
    ].join('');
    return sendHtml(
      reply,
      200,
      page(
        'Dev mailbox',
        `<h1>Dev mailbox</h1><p class="lead">Messages captured by this server. Nothing shown here was delivered.</p>
<table><thead><tr><th>Time</th><th>Channel</th><th>Recipient</th><th>Subject</th><th>Status</th></tr></thead>
<tbody>
${body}
</tbody></table>
<nav aria-label="Pages">${nav}</nav>`,
      ),
    );
  });

  fastify.get('/dev/mailbox.json', async (request, reply) => {
    const db = await opts.dbFor(request);
    const query = request.query as Record<string, unknown>;
    const limit = Math.min(positiveInt(query.limit, JSON_LIMIT_DEFAULT), JSON_LIMIT_MAX);
    const q = db('outbound_messages')
      .select<MessageRow[]>('*')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
    if (typeof query.to === 'string' && query.to) q.whereRaw('lower(recipient) = lower(?)', [query.to]);
    const rows = await q;
    return reply.header('cache-control', 'no-store').send(
      rows.map((r) => ({
        id: String(r.id),
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        text: r.body_text,
        html: r.body_html,
        template: r.template,
        locale: r.locale,
        data: r.data,
        status: r.status,
        error: r.error,
        created_at: r.created_at.toISOString(),
        sent_at: r.sent_at ? r.sent_at.toISOString() : null,
      })),
    );
  });

  fastify.get('/dev/mailbox/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const notFound = () =>
      sendHtml(reply, 404, page('Not found', '<h1>Message not found</h1><p><a href="/dev/mailbox">Back to the mailbox</a></p>'));
    if (!/^\d{1,18}$/.test(id)) return notFound();
    const db = await opts.dbFor(request);
    const r: MessageRow | undefined = await db('outbound_messages').where({ id }).first();
    if (!r) return notFound();
    const headers: Array<[string, string | null]> = [
      ['Channel', r.channel],
      ['To', r.recipient],
      ['Subject', r.subject],
      ['Status', r.status],
      ['Template', r.template ? `${r.template} (${r.locale ?? 'en'})` : null],
      ['Created', formatTime(r.created_at)],
      ['Sent', formatTime(r.sent_at) || null],
      ['Provider id', r.provider_id],
      ['Error', r.error],
    ];
    const dl = headers
      .filter(([, v]) => v)
      .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
      .join('');
    const htmlBody = r.body_html
      ? `<h2>HTML</h2><iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" srcdoc="${escapeHtml(r.body_html)}"></iframe>`
      : '';
    return sendHtml(
      reply,
      200,
      page(
        r.subject || 'Message',
        `<p><a href="/dev/mailbox">← Dev mailbox</a></p><h1>${escapeHtml(r.subject || '(no subject)')}</h1>
<dl>${dl}</dl>
<h2>Text</h2><pre>${escapeHtml(r.body_text ?? '')}</pre>
${htmlBody}${opts.smsReply && r.channel === 'sms' ? replyForm(r.id, (request.query as Record<string, unknown>).replied === '1') : ''}`,
      ),
    );
  });
}
