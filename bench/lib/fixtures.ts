import type { CentreDefinition } from '../../scripts/lib/seed/index.ts';

/** Password of every account the benchmarks seed (tokens are minted; nobody signs in with it). */
export const BENCH_PASSWORD = 'bench-password';

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Leo', 'Zoe', 'Eli', 'Ivy', 'Max', 'Ada', 'Kai', 'Lily', 'Owen', 'Ruby', 'Theo'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Brown', 'Patel', 'Lopez', 'Kim', 'Davis', 'Moore', 'Clark', 'Lewis', 'Young', 'Hall', 'King'];
const COLOURS = ['#FF9F43', '#28C76F', '#00CFE8', '#7367F0', '#EA5455'];
const ROOMS = ['Infants', 'Toddlers', 'Twos', 'Preschool', 'Pre-K'];

/**
 * A realistic centre: one location with five rooms (a camera each), an owner, a manager, a teacher
 * and `children` families of one child and two contacts (mother and father, both may watch).
 */
export function centreDefinition(slug: string, children: number): CentreDefinition {
  const loc = 'Main';
  return {
    slug,
    name: `Bench ${slug}`,
    kind: 'childcare',
    language_pack: 'default',
    contact_email: `owner@${slug}.example`,
    locations: [
      {
        name: loc,
        timezone: 'America/New_York',
        address: '1 Bench Street, Springfield, IL 62701',
        phone: '2175550100',
        email: `main@${slug}.example`,
        is_signup: false,
        signup_code: `${slug}-main`.toUpperCase().slice(0, 30),
        color_code: '#7367F0',
        rooms: ROOMS.map((name, i) => ({ name, color_code: COLOURS[i]! })),
      },
    ],
    staff: [
      { username: 'center', fname: 'Dana', lname: 'Owner', role: 'center', email: `owner@${slug}.example` },
      { username: 'manager', fname: 'Marcus', lname: 'Manager', role: 'manager', email: `manager@${slug}.example`, manages: [loc] },
      { username: 'teacher', fname: 'Priya', lname: 'Teacher', role: 'teacher', email: `teacher@${slug}.example`, locations: [loc] },
    ],
    families: Array.from({ length: children }, (_, i) => {
      const lname = `${LAST[i % LAST.length]}${Math.floor(i / LAST.length) || ''}`;
      return {
        contacts: [
          {
            username: `parent${i}`,
            fname: FIRST[(i * 3) % FIRST.length]!,
            lname,
            email: `parent${i}@${slug}.example`,
            phone: `21755${String(10000 + i).slice(-5)}`,
            relation: 'Mother',
            legal_guardian: true,
            is_payer: true,
          },
          {
            username: `parent${i}b`,
            fname: FIRST[(i * 5 + 1) % FIRST.length]!,
            lname,
            email: `parent${i}b@${slug}.example`,
            phone: `21756${String(10000 + i).slice(-5)}`,
            relation: 'Father',
            legal_guardian: true,
          },
        ],
        children: [
          {
            fname: FIRST[i % FIRST.length]!,
            lname,
            dob: `202${2 + (i % 3)}-0${1 + (i % 9)}-1${i % 10}`,
            gender: i % 2 ? 'Male' : 'Female',
            location: loc,
            room: ROOMS[i % ROOMS.length]!,
          },
        ],
      };
    }),
  };
}
