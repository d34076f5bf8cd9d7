import { describe, expect, it } from 'vitest';
import { TEMPLATE_NAMES, normalizeLocale, renderTemplate } from './render-template.ts';
import { TEMPLATE_STRINGS } from './template-strings.ts';

const SAMPLE: Record<string, Record<string, unknown>> = {
  'custom-email': { subject: 'Planned maintenance', body: 'The app is down on Sunday from 2:00 to 3:00.' },
  'verify-email': { fname: 'Ana', pin: '482913', url: 'https://sunny.example.com/verify?t=abc', minutes: 30 },
  'password-reset': { fname: 'Ana', url: 'https://sunny.example.com/reset?t=abc', minutes: 60 },
  invite: { fname: 'Ana', centre: 'Sunny Days', pin: '771204', url: 'https://sunny.example.com/invite?t=abc', inviter: 'Marta Ruiz' },
  'approve-user': { fname: 'Marta', applicant: 'Luis Gómez', url: 'https://sunny.example.com/users/pending' },
  'email-change': { fname: 'Ana', url: 'https://sunny.example.com/email/confirm?t=abc' },
  'login-support-notice': { fname: 'Ana', operator: 'Sam (support)', expires: '2026-03-01 17:30 UTC' },
  'attendance-check-in': { fname: 'Ana', children: 'Leo, Mia', location: 'Main Street', time: '8:05 AM', by: 'Ana Ruiz' },
  'attendance-check-out': { fname: 'Ana', children: 'Leo', location: 'Main Street', time: '5:30 PM', by: 'Luis Ruiz' },
  'attendance-reminder': { fname: 'Ana', children: 'Leo', location: 'Main Street', time: '9:00 AM' },
  'activity-report': { fname: 'Ana', children: 'Leo', location: 'Main Street', date: '2026-03-01', summary: 'Leo: 12:00 Lunch: ate all' },
  'activity-report-note': {
    fname: 'Ana',
    children: 'Leo',
    location: 'Main Street',
    date: '2026-03-01',
    summary: 'Leo: 12:00 Lunch: ate all',
    message: 'A lovely day.',
  },
  'health-screen-failed': {
    fname: 'Marta',
    child: 'Leo Ruiz',
    location: 'Main Street',
    time: '8:05 AM',
    answers: 'Fever in the last 24 hours (yes)',
  },
  'billing-unpaid-reminder': {
    fname: 'Ana',
    child: 'Leo Ruiz',
    centre: 'Sunny Days',
    amount: '$612.50',
    total: '$1,225.00',
    invoices: 2,
    due: '2026-03-01',
  },
  'ratio-alert': { fname: 'Marta', room: 'Toddlers', location: 'Main Street', children: 9, staff: 1, required: 2, ratio: '6:1' },
  notification: { fname: 'Ana', title: 'Checked in: Leo', body: 'Leo checked in at Sunrise at 8:05 AM.' },
  'notification-digest': { fname: 'Ana', count: 5, summary: '2 meals, 1 nap, 2 photos' },
  'ratio-warning': {
    fname: 'Marta',
    room: 'Toddlers',
    location: 'Main Street',
    children: 5,
    staff: 1,
    required: 2,
    ratio: '6:1',
    expected: 3,
  },
  alert: { fname: 'Ana', centre: 'Sunny Days', sender: 'Marta Lee', message: 'The centre closes at noon today (snow).' },
  'instant-sms': { centre: 'Sunny Days', message: 'Picture day tomorrow: bring a smile.' },
  'form-entry-notice': { form: 'Photo release', child: 'Mia Lopez', status: 'submitted' },
  'form-automation': { fname: 'Ana', form: 'Photo release', subject: 'Thanks for your form', message: 'We have your photo release.' },
  'demo-signup-link': { name: 'Rosa Díaz', centre: 'Little Oaks', url: 'https://kidsvision.example/customer-signup?ref=demo-12' },
};

describe('renderTemplate', () => {
  it('covers every template with sample data', () => {
    expect(Object.keys(SAMPLE).sort()).toEqual([...TEMPLATE_NAMES].sort());
  });

  it.each(TEMPLATE_NAMES)('%s: the Spanish wording is complete', (name) => {
    const { en, es } = TEMPLATE_STRINGS[name]!;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) if (key !== 'greeting') expect(es[key], key).not.toBe(en[key]);
  });

  it.each(TEMPLATE_NAMES)('%s renders in en and es with every value filled in', (name) => {
    const data = SAMPLE[name]!;
    const en = renderTemplate(name, 'en', data);
    const es = renderTemplate(name, 'es', data);
    for (const r of [en, es]) {
      expect(r.subject).not.toBe('');
      expect(r.subject).not.toMatch(/[{}\n]/);
      expect(r.text).not.toMatch(/[{}]/);
      expect(r.html).toMatch(/^<!doctype html>/);
      expect(r.html).not.toMatch(/\{\w+\}/);
      for (const v of Object.values(data)) {
        expect(r.text).toContain(String(v));
      }
    }
    expect(es.subject).not.toBe(en.subject);
    expect(es.html).toContain('<html lang="es">');
    expect(en.html).toContain('<html lang="en">');
  });

  it('verify-email shows the PIN and a working link, in the right language', () => {
    const en = renderTemplate('verify-email', 'en', SAMPLE['verify-email']!);
    expect(en.subject).toBe('Verify your email address');
    expect(en.text).toContain('Hi Ana,');
    expect(en.text).toContain('    482913');
    expect(en.text).toContain('Verify email: https://sunny.example.com/verify?t=abc');
    expect(en.text).toContain('expire in 30 minutes');
    expect(en.html).toContain('href="https://sunny.example.com/verify?t=abc"');
    expect(en.html).toContain('>482913</p>');
    const es = renderTemplate('verify-email', 'es', SAMPLE['verify-email']!);
    expect(es.subject).toBe('Verifica tu dirección de correo electrónico');
    expect(es.text).toContain('Hola, Ana:');
    expect(es.text).toContain('caducan en 30 minutos');
  });

  it('escapes every interpolated value in the HTML (and keeps the text as typed)', () => {
    const evil = '<script>alert("x")</script> & \'co\'';
    const r = renderTemplate('invite', 'en', { ...SAMPLE.invite!, fname: evil, inviter: '<img src=x onerror=alert(1)>', centre: 'A&B' });
    expect(r.html).not.toContain('<script>');
    expect(r.html).not.toContain('<img');
    expect(r.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    expect(r.html).toContain('&lt;img src=x onerror=alert(1)&gt; invited you to join A&amp;B.');
    expect(r.text).toContain(`Hi ${evil},`);
    expect(r.subject).toBe('<img src=x onerror=alert(1)> invited you to A&B');
  });

  it('escapes quotes in a link and refuses a link that is not http(s)', () => {
    const r = renderTemplate('email-change', 'en', { fname: 'Ana', url: 'https://x.example/?a="><b>' });
    expect(r.html).toContain('href="https://x.example/?a=&quot;&gt;&lt;b&gt;"');
    expect(r.html).not.toContain('"><b>');
    expect(() => renderTemplate('email-change', 'en', { fname: 'Ana', url: 'javascript:alert(1)' })).toThrow(/http/);
  });

  it('keeps line breaks out of the subject', () => {
    const r = renderTemplate('approve-user', 'en', { ...SAMPLE['approve-user']!, applicant: 'Eve\r\nBcc: all@example.com' });
    expect(r.subject).toBe('Eve Bcc: all@example.com is waiting for approval');
  });

  it('throws on an unknown template or missing data', () => {
    expect(() => renderTemplate('no-such-template', 'en', {})).toThrow(/Unknown message template/);
    expect(() => renderTemplate('toString', 'en', {})).toThrow(/Unknown message template/);
    expect(() => renderTemplate('password-reset', 'en', { fname: 'Ana', url: 'https://x.example' })).toThrow(/data.minutes/);
  });

  it('falls back to English for an unknown locale and reads regional Spanish as Spanish', () => {
    const data = SAMPLE['password-reset']!;
    expect(renderTemplate('password-reset', 'fr', data)).toEqual(renderTemplate('password-reset', 'en', data));
    expect(renderTemplate('password-reset', 'es-MX', data)).toEqual(renderTemplate('password-reset', 'es', data));
    expect(normalizeLocale(undefined)).toBe('en');
    expect(normalizeLocale('ES_es')).toBe('es');
  });

  it('uses the English string where a Spanish one is missing', () => {
    const es = TEMPLATE_STRINGS['password-reset']!.es;
    const saved = es.expiry;
    delete es.expiry;
    try {
      const r = renderTemplate('password-reset', 'es', SAMPLE['password-reset']!);
      expect(r.subject).toBe('Restablece tu contraseña');
      expect(r.text).toContain('This link expires in 60 minutes.');
    } finally {
      es.expiry = saved;
    }
  });
});
