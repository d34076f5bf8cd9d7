import { escapeHtml } from './html.ts';
import { TEMPLATE_STRINGS } from './template-strings.ts';

export type Locale = 'en' | 'es';

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

type Block =
  | { kind: 'p'; key: string }
  | { kind: 'note'; key: string }
  | { kind: 'code'; field: string }
  | { kind: 'button'; key: string; field: string };

interface TemplateDef {
  fields: string[];
  blocks: Block[];
}

const p = (key: string): Block => ({ kind: 'p', key });
const note = (key: string): Block => ({ kind: 'note', key });
const code = (field: string): Block => ({ kind: 'code', field });
const button = (key: string, field = 'url'): Block => ({ kind: 'button', key, field });

const TEMPLATES: Record<string, TemplateDef> = {
  'verify-email': {
    fields: ['fname', 'pin', 'url', 'minutes'],
    blocks: [p('greeting'), p('intro'), code('pin'), p('linkIntro'), button('action'), note('expiry'), note('ignore')],
  },
  'password-reset': {
    fields: ['fname', 'url', 'minutes'],
    blocks: [p('greeting'), p('intro'), button('action'), note('expiry'), note('ignore')],
  },
  invite: {
    fields: ['fname', 'centre', 'pin', 'url', 'inviter'],
    blocks: [p('greeting'), p('intro'), button('action'), p('codeIntro'), code('pin'), note('ignore')],
  },
  'approve-user': {
    fields: ['fname', 'applicant', 'url'],
    blocks: [p('greeting'), p('intro'), button('action')],
  },
  'email-change': {
    fields: ['fname', 'url'],
    blocks: [p('greeting'), p('intro'), button('action'), note('ignore')],
  },
  'login-support-notice': {
    fields: ['fname', 'operator', 'expires'],
    blocks: [p('greeting'), p('intro'), p('expiry'), note('contact')],
  },
  // attendance (apps/tenant-api modules attendance, ratios): wording in template-strings.ts
  'attendance-check-in': { fields: ['fname', 'children', 'location', 'time', 'by'], blocks: [p('greeting'), p('intro'), note('by')] },
  'attendance-check-out': { fields: ['fname', 'children', 'location', 'time', 'by'], blocks: [p('greeting'), p('intro'), note('by')] },
  'attendance-reminder': { fields: ['fname', 'children', 'location', 'time'], blocks: [p('greeting'), p('intro'), note('absent')] },
  'health-screen-failed': { fields: ['fname', 'child', 'location', 'time', 'answers'], blocks: [p('greeting'), p('intro'), p('answers')] },
  // activities (apps/tenant-api module activities): a child's day, sent by staff or at the location's time
  'activity-report': {
    fields: ['fname', 'children', 'location', 'date', 'summary'],
    blocks: [p('greeting'), p('intro'), p('summary'), note('footer')],
  },
  'activity-report-note': {
    fields: ['fname', 'children', 'location', 'date', 'summary', 'message'],
    blocks: [p('greeting'), p('intro'), p('summary'), p('message'), note('footer')],
  },
  // billing (apps/tenant-api module billing): amounts arrive formatted (formatMoney)
  'billing-unpaid-reminder': {
    fields: ['fname', 'child', 'centre', 'amount', 'total', 'invoices', 'due'],
    blocks: [p('greeting'), p('intro'), p('share'), note('footer')],
  },
  'ratio-alert': {
    fields: ['fname', 'room', 'location', 'children', 'staff', 'required', 'ratio'],
    blocks: [p('greeting'), p('intro'), p('action')],
  },
  // notifications (apps/tenant-api module notifications): the notification centre's notices and the daily digest
  notification: { fields: ['fname', 'title', 'body'], blocks: [p('greeting'), p('body')] },
  'notification-digest': { fields: ['fname', 'count', 'summary'], blocks: [p('greeting'), p('intro')] },
  'ratio-warning': {
    fields: ['fname', 'room', 'location', 'children', 'staff', 'required', 'ratio', 'expected'],
    blocks: [p('greeting'), p('intro'), p('action')],
  },
  // announcements (apps/tenant-api module announcements): alerts (push, SMS, email) and instant SMS
  alert: { fields: ['fname', 'centre', 'sender', 'message'], blocks: [p('greeting'), p('intro'), p('message')] },
  'instant-sms': { fields: ['centre', 'message'], blocks: [p('message')] },
  // support (apps/control-plane module support): the custom email utility, written by the operator
  'custom-email': { fields: ['subject', 'body'], blocks: [p('intro'), p('greeting'), note('footer')] },
  // forms (apps/tenant-api module forms): a web form's notification settings and automations
  'form-entry-notice': { fields: ['form', 'child', 'status'], blocks: [p('intro'), note('footer')] },
  'form-automation': { fields: ['fname', 'form', 'subject', 'message'], blocks: [p('intro'), p('greeting'), note('footer')] },
  // demo requests (apps/control-plane module demo-requests): the link to the platform's sign-up page
  'demo-signup-link': { fields: ['name', 'centre', 'url'], blocks: [p('greeting'), p('intro'), button('action'), note('footer')] },
};

export const TEMPLATE_NAMES = Object.keys(TEMPLATES);

const LAYOUT_STRINGS: Record<Locale, { linkFallback: string }> = {
  en: { linkFallback: 'If the button does not work, copy this link into your browser:' },
  es: { linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:' },
};

const STYLE = {
  body: 'margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px 28px;',
  p: 'margin:0 0 16px;font-size:16px;line-height:24px;',
  note: 'margin:0 0 12px;font-size:13px;line-height:20px;color:#6b7280;',
  code: "margin:0 0 16px;font-size:32px;line-height:40px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace;",
  button:
    'display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:12px 20px;border-radius:6px;',
  link: 'color:#2563eb;word-break:break-all;',
};

/** `es-MX` → `es`; anything that is not Spanish renders in English. */
export function normalizeLocale(locale: string | null | undefined): Locale {
  return (locale ?? '').toLowerCase().split(/[-_]/)[0] === 'es' ? 'es' : 'en';
}

function valueText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

function fill(template: string, values: Record<string, string>, encode: (s: string) => string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`Message wording refers to unknown value {${name}}`);
    return encode(values[name]!);
  });
}

/** Renders a message template in the given locale; every interpolated value is escaped in the HTML. */
export function renderTemplate(template: string, locale: string, data: Record<string, unknown>): RenderedMessage {
  const def = Object.hasOwn(TEMPLATES, template) ? TEMPLATES[template] : undefined;
  const strings = Object.hasOwn(TEMPLATE_STRINGS, template) ? TEMPLATE_STRINGS[template] : undefined;
  if (!def || !strings) throw new Error(`Unknown message template: ${template}`);
  const loc = normalizeLocale(locale);
  const values: Record<string, string> = {};
  for (const field of def.fields) {
    const v = data[field];
    if (v === undefined || v === null || v === '') throw new Error(`Template ${template} needs data.${field}`);
    values[field] = valueText(v);
  }
  for (const block of def.blocks) {
    if (block.kind === 'button' && !/^https?:\/\//i.test(values[block.field]!)) {
      throw new Error(`Template ${template}: data.${block.field} must be an http(s) URL`);
    }
  }
  const word = (key: string): string => {
    const s = (loc === 'es' ? strings.es[key] : undefined) ?? strings.en[key];
    if (s === undefined) throw new Error(`Template ${template} has no wording for ${key}`);
    return s;
  };
  const plain = (key: string) => fill(word(key), values, (s) => s);
  const html = (key: string) => fill(escapeHtml(word(key)), values, escapeHtml);

  const subject = plain('subject')
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const block of def.blocks) {
    if (block.kind === 'p' || block.kind === 'note') {
      textParts.push(plain(block.key));
      htmlParts.push(`<p style="${STYLE[block.kind]}">${html(block.key)}</p>`);
    } else if (block.kind === 'code') {
      textParts.push(`    ${values[block.field]}`);
      htmlParts.push(`<p style="${STYLE.code}">${escapeHtml(values[block.field])}</p>`);
    } else {
      const url = values[block.field]!;
      textParts.push(`${plain(block.key)}: ${url}`);
      htmlParts.push(
        `<p style="margin:0 0 16px;"><a href="${escapeHtml(url)}" style="${STYLE.button}">${html(block.key)}</a></p>`,
        `<p style="${STYLE.note}">${escapeHtml(LAYOUT_STRINGS[loc].linkFallback)}<br><a href="${escapeHtml(url)}" style="${STYLE.link}">${escapeHtml(url)}</a></p>`,
      );
    }
  }
  return {
    subject,
    text: `${textParts.join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      `<html lang="${loc}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
      `<body style="${STYLE.body}"><div style="${STYLE.card}">`,
      ...htmlParts,
      '</div></body></html>',
      '',
    ].join('\n'),
  };
}
