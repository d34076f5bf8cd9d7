import { insertMany, type SeedStep } from '../context.ts';

/**
 * SMS responses (issue 18): 30 replies to the centre's texts per centre over the last month —
 * most from guardians (matched to them by phone, as the webhook does), a few from staff and from
 * numbers nobody of the centre has. Child-care and pet-care wording.
 */
const REPLIES = {
  childcare: [
    'Thanks for the reminder!',
    'She will be a little late today, around 9:30.',
    'Got it, we will bring the permission slip tomorrow.',
    'Is the centre open on Monday?',
    'He has a dentist appointment, pick-up at 2pm.',
    'Thank you, see you Friday.',
    'Can you call me when you have a minute?',
    'We are sick today, staying home.',
    'Grandma will pick up today.',
    'Which jacket should we send for the trip?',
    'Perfect, thanks!',
    'Sorry, who is this?',
    'Please add my husband to the pick-up list.',
    'We paid the invoice this morning.',
  ],
  petcare: [
    'Thanks for the reminder!',
    'Max will be dropped off around 9:30 today.',
    'Got it, I will upload the vaccine record tonight.',
    'Are you open on Monday?',
    'She has a vet appointment, pick-up at 2pm.',
    'Thank you, see you Friday.',
    'Can you call me when you have a minute?',
    'He is not feeling well, staying home today.',
    'My neighbour will pick him up today.',
    'Should I bring extra food for boarding?',
    'Perfect, thanks!',
    'Sorry, who is this?',
    'Please add my partner to the pick-up list.',
    'We paid the invoice this morning.',
  ],
} as const;

/** E.164 of a stored phone (10 digits read as North American), as the webhook matches it. */
function e164(raw: string | null): string | null {
  const v = (raw ?? '').trim();
  const digits = v.replace(/\D/g, '');
  if (v.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export const smsStep: SeedStep = {
  name: 'sms',
  async run({ trx, def, now, faker }) {
    const words = def.kind === 'petcare' ? REPLIES.petcare : REPLIES.childcare;
    const people: { id: string; phone: string | null; guardian: boolean }[] = (
      await trx.raw(
        `select u.id::text, u.phone, exists (select 1 from student_users su where su.user_id = u.id) as guardian
           from users u where u.deleted_at is null and u.phone is not null order by u.id`,
      )
    ).rows;
    const withPhone = people.map((p) => ({ ...p, e164: e164(p.phone) })).filter((p) => p.e164);
    const guardians = withPhone.filter((p) => p.guardian);
    const staff = withPhone.filter((p) => !p.guardian);
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      const pick = i % 10 === 9 || !withPhone.length ? null : i % 7 === 3 && staff.length ? faker.helpers.arrayElement(staff) : faker.helpers.arrayElement(guardians.length ? guardians : withPhone);
      const phone = pick?.e164 ?? `+1555${faker.string.numeric(7)}`;
      const at = new Date(now.getTime() - i * 86_400_000 - faker.number.int({ min: 0, max: 10 * 3600 }) * 1000);
      rows.push({
        phone,
        body: faker.helpers.arrayElement(words),
        user_id: pick?.id ?? null,
        message_sid: `SM${faker.string.hexadecimal({ length: 32, casing: 'lower', prefix: '' })}`,
        received_at: at.toISOString(),
      });
    }
    await insertMany(trx, 'sms_responses', rows);
    const matched = rows.filter((r) => r.user_id !== null).length;
    return `${rows.length} SMS responses (${matched} matched to a contact)`;
  },
};
