import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/setup.json';
import es from '../../locales/es/setup.json';
import enDogs from '../../locales/en/dogs.json';
import { csvOfRows } from './forms/camera-csv';
import { locationFormSchema } from './forms/location-form.schema';
import { scheduleDatesSchema } from './forms/schedule-dates';

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const vars = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('setup translations', () => {
  const enKeys = flatten(en);
  const esKeys = flatten(es);

  it('Spanish has the same keys and variables as English', () => {
    expect([...esKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, text] of enKeys) expect(vars(esKeys.get(key)!), key).toEqual(vars(text));
  });

  it('every setup key the code names exists, including the ones completed at run time', () => {
    const root = fileURLToPath(new URL('.', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(root);
    const missing: string[] = [];
    const prefixes = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/'setup:([A-Za-z0-9_.-]+)'/g)) if (!enKeys.has(m[1]!)) missing.push(m[1]!);
      for (const m of text.matchAll(/`setup:([A-Za-z0-9_.-]*)\$\{/g)) prefixes.add(m[1]!);
    }
    expect(missing).toEqual([]);
    for (const prefix of prefixes)
      expect(
        [...enKeys.keys()].some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
    for (const tab of ['limits', 'signup', 'notifications', 'parents', 'check-in', 'defaults', 'email', 'billing'])
      expect(enKeys.has(`settings.tabs.${tab}`), tab).toBe(true);
    for (const ns of ['rooms', 'programs'])
      for (const k of ['title', 'add', 'table', 'createTitle', 'editTitle']) expect(enKeys.has(`${ns}.${k}`)).toBe(true);
  });

  it('the pets pack overrides only existing setup keys', () => {
    const dogs = flatten((enDogs as Record<string, unknown>).setup ?? {});
    for (const key of dogs.keys()) expect(enKeys.has(key), key).toBe(true);
    expect(dogs.get('rooms.studentCount')).toBe('Pets');
  });
});

describe('schedule ranges', () => {
  it('accepts ranges and refuses an end before the start and overlaps on one day', () => {
    expect(scheduleDatesSchema.safeParse([{ day: 'monday', start_time: '08:00', end_time: '12:00' }]).success).toBe(true);
    expect(scheduleDatesSchema.safeParse([{ day: 'monday', start_time: '12:00', end_time: '08:00' }]).success).toBe(false);
    const overlap = scheduleDatesSchema.safeParse([
      { day: 'monday', start_time: '08:00', end_time: '12:00' },
      { day: 'monday', start_time: '11:00', end_time: '13:00' },
    ]);
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues[0]?.message).toBe('setup:validation.overlap');
    expect(
      scheduleDatesSchema.safeParse([
        { day: 'monday', start_time: '08:00', end_time: '12:00' },
        { day: 'tuesday', start_time: '11:00', end_time: '13:00' },
      ]).success,
    ).toBe(true);
  });
});

describe('location form', () => {
  const base = {
    name: 'Hillside',
    timezone: 'America/New_York',
    email: '',
    phone: '',
    address: '',
    longitude: '',
    latitude: '',
    pin_url: '',
    map_url: '',
    is_signup: false,
    signup_code: '',
    color: '',
    managers: ['1'],
    active: true,
    schedule_name: '',
    scheduledates: [],
  };
  it('needs a name and managers (spec §5), a code when signup is on, a schedule name for ranges', () => {
    expect(locationFormSchema.safeParse(base).success).toBe(true);
    const paths = (v: object) => (locationFormSchema.safeParse(v).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...base, name: ' ', managers: [] })).toEqual(expect.arrayContaining(['name', 'managers']));
    expect(paths({ ...base, is_signup: true })).toContain('signup_code');
    expect(paths({ ...base, scheduledates: [{ day: 'friday', start_time: '09:00', end_time: '10:00' }] })).toContain('schedule_name');
    expect(paths({ ...base, color: 'red', latitude: '123', pin_url: 'maps' })).toEqual(
      expect.arrayContaining(['color', 'latitude', 'pin_url']),
    );
  });
});

describe('camera CSV of the good rows', () => {
  it('writes the columns the import reads, quoting where needed', () => {
    const csv = csvOfRows([
      { line: 2, name: 'Door, front', code: 'a', color_code: '#abc', camera_id: null, status: true, room: 'Infants', errors: [] },
      { line: 4, name: 'Say "hi"', code: 'b', color_code: '#abcdef', camera_id: 'X1', status: false, room: null, errors: [] },
    ]);
    expect(csv).toBe('name,code,color_code,camera_id,status,room\n"Door, front",a,#abc,,on,Infants\n"Say ""hi""",b,#abcdef,X1,off,\n');
  });
});
