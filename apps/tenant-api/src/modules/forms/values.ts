import { createHash } from 'node:crypto';
import { OPTION_TYPES, type FormField } from './templates.ts';

/** A submitted field (spec §3 Submission field). */
export interface SubmittedField {
  id: string;
  type?: string | null;
  value?: string | null;
  name?: string | null;
  required?: boolean | null;
}

export interface SignatureInput {
  field_id: string;
  method: 'drawn' | 'typed';
  image?: string | null;
  typed_name?: string | null;
}

/** One bad field: its id, a typed code and a message a person can act on. */
export interface FieldProblem {
  field: string;
  code: 'FORM_FIELD_REQUIRED' | 'FORM_FIELD_NOT_AN_OPTION' | 'FORM_FIELD_INVALID' | 'FORM_FIELD_UNKNOWN' | 'FORM_SIGNATURE_INVALID';
  message: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A UUID, as file ids are. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PNG_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
/** Largest drawn signature accepted (the data URL's length). */
export const SIGNATURE_MAX = 300_000;

const validDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A checkbox's stored value: a list of options (with options) or "true"/"false" (a single box). */
function checkboxValue(field: FormField, raw: string): { ok: true; value: string | string[] } | { ok: false } {
  if (!field.options.length) return raw === 'true' || raw === 'false' ? { ok: true, value: raw } : { ok: false };
  try {
    const list = JSON.parse(raw) as unknown;
    if (Array.isArray(list) && list.every((x) => typeof x === 'string')) return { ok: true, value: list as string[] };
  } catch {
    /* not JSON */
  }
  return { ok: false };
}

/** Whether a drawn signature is a PNG data URL of sensible size. */
export function isPngDataUrl(v: string | null | undefined): boolean {
  if (!v || v.length > SIGNATURE_MAX) return false;
  const m = PNG_URL.exec(v);
  if (!m) return false;
  const bytes = Buffer.from(m[1]!, 'base64');
  return bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

/**
 * Checks submitted fields against a form version: every problem (not only the first) as one typed
 * problem per field, and the values to store keyed by field id.
 */
export function checkValues(
  version: FormField[],
  submitted: SubmittedField[],
  signatures: SignatureInput[],
): { problems: FieldProblem[]; values: Record<string, string | string[]> } {
  const problems: FieldProblem[] = [];
  const values: Record<string, string | string[]> = {};
  const byId = new Map(version.map((x) => [x.id, x]));
  const given = new Map<string, SubmittedField>();
  for (const s of submitted) {
    const field = byId.get(String(s.id));
    if (!field) {
      problems.push({ field: String(s.id), code: 'FORM_FIELD_UNKNOWN', message: 'This field is not on the form any more: reload the form.' });
      continue;
    }
    if (s.type && s.type !== field.type) {
      problems.push({ field: field.id, code: 'FORM_FIELD_UNKNOWN', message: `${field.name} changed: reload the form.` });
      continue;
    }
    given.set(field.id, s);
  }
  const signed = new Map<string, SignatureInput>();
  for (const sig of signatures) {
    const field = byId.get(String(sig.field_id));
    if (!field || field.type !== 'signature') {
      problems.push({ field: String(sig.field_id), code: 'FORM_FIELD_UNKNOWN', message: 'This signature is not on the form: reload the form.' });
      continue;
    }
    if (sig.method === 'drawn' ? !isPngDataUrl(sig.image) : !(sig.typed_name && sig.typed_name.trim().length >= 2 && sig.typed_name.length <= 150)) {
      problems.push({
        field: field.id,
        code: 'FORM_SIGNATURE_INVALID',
        message: sig.method === 'drawn' ? `${field.name}: draw your signature again.` : `${field.name}: type your full name.`,
      });
      continue;
    }
    signed.set(field.id, sig);
  }
  for (const field of version) {
    if (field.type === 'section') continue;
    if (field.type === 'signature') {
      if (field.required && !signed.has(field.id) && !problems.some((p) => p.field === field.id))
        problems.push({ field: field.id, code: 'FORM_FIELD_REQUIRED', message: `${field.name} is required: sign the form.` });
      continue;
    }
    const raw = (given.get(field.id)?.value ?? '').trim();
    if (!raw || (field.type === 'checkbox' && !field.options.length && raw === 'false' && field.required)) {
      if (field.required) problems.push({ field: field.id, code: 'FORM_FIELD_REQUIRED', message: `${field.name} is required.` });
      continue;
    }
    const bad = (message: string) => problems.push({ field: field.id, code: 'FORM_FIELD_INVALID', message });
    switch (field.type) {
      case 'text':
        if (raw.length > 1000) bad(`${field.name} must be at most 1000 characters.`);
        else values[field.id] = raw;
        break;
      case 'textarea':
        if (raw.length > 5000) bad(`${field.name} must be at most 5000 characters.`);
        else values[field.id] = raw;
        break;
      case 'number':
        if (!/^-?\d+(\.\d+)?$/.test(raw) || !Number.isFinite(Number(raw))) bad(`${field.name} must be a number.`);
        else values[field.id] = raw;
        break;
      case 'date':
        if (!validDate(raw)) bad(`${field.name} must be a date such as 2026-03-01.`);
        else values[field.id] = raw;
        break;
      case 'select':
      case 'radio':
        if (!field.options.includes(raw))
          problems.push({ field: field.id, code: 'FORM_FIELD_NOT_AN_OPTION', message: `${field.name}: choose one of ${field.options.join(', ')}.` });
        else values[field.id] = raw;
        break;
      case 'checkbox': {
        const c = checkboxValue(field, raw);
        if (!c.ok) bad(`${field.name}: tick the boxes again.`);
        else if (Array.isArray(c.value) && c.value.some((x) => !field.options.includes(x)))
          problems.push({ field: field.id, code: 'FORM_FIELD_NOT_AN_OPTION', message: `${field.name}: choose from ${field.options.join(', ')}.` });
        else if (Array.isArray(c.value) && field.required && !c.value.length)
          problems.push({ field: field.id, code: 'FORM_FIELD_REQUIRED', message: `${field.name} is required.` });
        else values[field.id] = c.value;
        break;
      }
      case 'file':
        if (!UUID.test(raw)) bad(`${field.name}: upload the file again.`);
        else values[field.id] = raw;
        break;
    }
  }
  void OPTION_TYPES;
  return { problems, values };
}

/** Canonical JSON: object keys sorted, so the same content always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/**
 * The SHA-256 a signature seals: the form and its version (with the version's fields), every
 * value and each signature (the drawn image, or the typed name), in a canonical order.
 */
export function signatureHash(input: {
  formId: string;
  version: number;
  fields: FormField[];
  values: Record<string, unknown>;
  signatures: { field_id: string; method: string; image?: string | null; typed_name?: string | null }[];
}): string {
  const sigs = [...input.signatures]
    .sort((a, b) => a.field_id.localeCompare(b.field_id))
    .map((s) => ({ field_id: s.field_id, method: s.method, image: s.image ?? null, typed_name: s.typed_name ?? null }));
  const body = canonical({ form: String(input.formId), version: input.version, fields: input.fields, values: input.values, signatures: sigs });
  return createHash('sha256').update(body).digest('hex');
}
