import { describe, expect, it } from 'vitest';
import { decide, endReason, inSchedule, liveUntil, localDate, remainingLogins, type WatchFacts } from './rules.ts';

const weekdays = [{ day: 'monday', start_time: '07:00', end_time: '18:00' }];
// 2026-11-23 is a Monday.
const at = (iso: string) => new Date(iso);

function facts(over: Partial<WatchFacts> = {}): WatchFacts {
  return {
    viewer: { id: '1', staff: false, active: true, inStaffScope: false },
    camera: { id: '9', location_id: 'L', status: true, program_id: 'R', schedule: null },
    children: [
      {
        student_id: 'S',
        student_active: true,
        student_location_id: 'L',
        black_list: false,
        watch_camera: true,
        linked: true,
        checked_in: true,
      },
    ],
    location: {
      timezone: 'America/Chicago',
      enable_max_login_feature: false,
      max_daily_logins: null,
      only_checked_in: true,
      user_time_out: null,
    },
    limit: { own: null, extra: 0, used: 0 },
    hasOpenSession: false,
    ...over,
  };
}

describe('inSchedule (location time zone)', () => {
  it('start is inclusive and end exclusive, in the local wall clock', () => {
    // 07:00 Chicago (CST, UTC-6) = 13:00Z
    expect(inSchedule(weekdays, at('2026-11-23T12:59:59Z'), 'America/Chicago')).toBe(false);
    expect(inSchedule(weekdays, at('2026-11-23T13:00:00Z'), 'America/Chicago')).toBe(true);
    expect(inSchedule(weekdays, at('2026-11-23T23:59:00Z'), 'America/Chicago')).toBe(true);
    expect(inSchedule(weekdays, at('2026-11-24T00:00:00Z'), 'America/Chicago')).toBe(false);
  });
  it('the same instant is inside in one zone and outside in another', () => {
    const t = at('2026-11-23T14:00:00Z'); // 08:00 Chicago, 06:00 Los Angeles, 01:00 Tuesday Auckland
    expect(inSchedule(weekdays, t, 'America/Chicago')).toBe(true);
    expect(inSchedule(weekdays, t, 'America/Los_Angeles')).toBe(false);
    expect(inSchedule(weekdays, t, 'Pacific/Auckland')).toBe(false);
  });
  it('a window across midnight runs into the next day', () => {
    const night = [{ day: 'friday', start_time: '22:00', end_time: '02:00' }];
    expect(inSchedule(night, at('2026-11-27T22:30:00Z'), 'UTC')).toBe(true); // Fri 22:30
    expect(inSchedule(night, at('2026-11-28T01:59:00Z'), 'UTC')).toBe(true); // Sat 01:59
    expect(inSchedule(night, at('2026-11-28T02:00:00Z'), 'UTC')).toBe(false);
    expect(inSchedule(night, at('2026-11-27T21:59:00Z'), 'UTC')).toBe(false);
    expect(inSchedule([{ day: 'saturday', start_time: '22:00', end_time: '02:00' }], at('2026-11-29T01:00:00Z'), 'UTC')).toBe(true); // Sat→Sun wraps the week
  });
  it('00:00–00:00 is the whole day', () => {
    const all = [{ day: 'monday', start_time: '00:00:00', end_time: '00:00:00' }];
    expect(inSchedule(all, at('2026-11-23T00:00:00Z'), 'UTC')).toBe(true);
    expect(inSchedule(all, at('2026-11-23T23:59:59Z'), 'UTC')).toBe(true);
    expect(inSchedule(all, at('2026-11-24T00:00:00Z'), 'UTC')).toBe(false);
  });
  it('follows DST: 07:00 local is 12:00Z in summer and 13:00Z in winter', () => {
    const sun = [{ day: 'sunday', start_time: '07:00', end_time: '08:00' }];
    // 2026-03-08 US spring forward at 02:00 local; 2026-11-01 fall back.
    expect(inSchedule(sun, at('2026-03-08T12:00:00Z'), 'America/Chicago')).toBe(true); // 07:00 CDT
    expect(inSchedule(sun, at('2026-03-08T13:00:00Z'), 'America/Chicago')).toBe(false); // 08:00 CDT
    expect(inSchedule(sun, at('2026-11-01T13:00:00Z'), 'America/Chicago')).toBe(true); // 07:00 CST
    expect(inSchedule(sun, at('2026-11-01T12:30:00Z'), 'America/Chicago')).toBe(false); // 06:30 CST
  });
  it('local date at the location', () => {
    expect(localDate(at('2026-11-24T03:00:00Z'), 'America/Chicago')).toBe('2026-11-23');
    expect(localDate(at('2026-11-24T03:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-24');
  });
});

describe('decide', () => {
  const t = at('2026-11-23T15:00:00Z');
  it('allows a linked, consenting, checked-in guardian', () => {
    expect(decide(facts(), t)).toEqual({ ok: true, student_id: 'S', counts: true, remaining: null });
  });
  it('refuses each failed rule with its own code', () => {
    const child = facts().children[0]!;
    expect(decide(facts({ camera: null }), t)).toMatchObject({ ok: false, code: 'CAMERA_NOT_FOUND' });
    expect(decide(facts({ viewer: { id: '1', staff: false, active: false, inStaffScope: false } }), t)).toMatchObject({
      code: 'ACCOUNT_INACTIVE',
    });
    expect(decide(facts({ children: [] }), t)).toMatchObject({ code: 'NOT_LINKED' });
    expect(decide(facts({ children: [{ ...child, linked: false }] }), t)).toMatchObject({ code: 'NOT_LINKED' });
    expect(decide(facts({ children: [{ ...child, student_location_id: 'OTHER' }] }), t)).toMatchObject({ code: 'NOT_LINKED' });
    expect(decide(facts({ children: [{ ...child, student_active: false }] }), t)).toMatchObject({ code: 'NOT_LINKED' });
    expect(decide(facts({ children: [{ ...child, black_list: true }] }), t)).toMatchObject({ code: 'BLACK_LISTED' });
    expect(decide(facts({ children: [{ ...child, watch_camera: false }] }), t)).toMatchObject({ code: 'NO_CAMERA_PERMISSION' });
    expect(decide(facts({ children: [{ ...child, checked_in: false }] }), t)).toMatchObject({ code: 'NOT_CHECKED_IN' });
    const cam = facts().camera!;
    expect(decide(facts({ camera: { ...cam, status: false } }), t)).toMatchObject({ code: 'CAMERA_OFF' });
    expect(
      decide(
        facts({ camera: { ...cam, schedule: { status: true, dates: [{ day: 'tuesday', start_time: '07:00', end_time: '18:00' }] } } }),
        t,
      ),
    ).toMatchObject({ code: 'OUTSIDE_SCHEDULE', message: expect.any(String) });
    expect(decide(facts({ camera: { ...cam, schedule: { status: false, dates: weekdays } } }), t)).toMatchObject({
      code: 'OUTSIDE_SCHEDULE',
    });
  });
  it('a second, eligible child makes the camera watchable', () => {
    const child = facts().children[0]!;
    const d = decide(
      facts({
        children: [
          { ...child, black_list: true },
          { ...child, student_id: 'T' },
        ],
      }),
      t,
    );
    expect(d).toMatchObject({ ok: true, student_id: 'T' });
  });
  it('"only while checked in" off: a child at home still allows it', () => {
    const f = facts();
    f.children[0]!.checked_in = false;
    f.location.only_checked_in = false;
    expect(decide(f, t)).toMatchObject({ ok: true });
  });
  it('login limits: location max, own limit, today raise, reopening does not count', () => {
    const loc = { ...facts().location, enable_max_login_feature: true, max_daily_logins: 2 };
    expect(decide(facts({ location: loc, limit: { own: null, extra: 0, used: 1 } }), t)).toMatchObject({ ok: true, remaining: 0 });
    expect(decide(facts({ location: loc, limit: { own: null, extra: 0, used: 2 } }), t)).toMatchObject({ code: 'LOGIN_LIMIT' });
    expect(decide(facts({ location: loc, limit: { own: 5, extra: 0, used: 2 } }), t)).toMatchObject({ ok: true, remaining: 2 });
    expect(decide(facts({ location: loc, limit: { own: null, extra: 1, used: 2 } }), t)).toMatchObject({ ok: true, remaining: 0 });
    expect(decide(facts({ location: loc, limit: { own: null, extra: 0, used: 2 }, hasOpenSession: true }), t)).toMatchObject({
      ok: true,
      counts: false,
    });
    expect(
      decide(facts({ location: { ...loc, enable_max_login_feature: false }, limit: { own: null, extra: 0, used: 99 } }), t),
    ).toMatchObject({ ok: true });
    expect(remainingLogins({ ...loc, max_daily_logins: null }, { own: null, extra: 0, used: 3 })).toBeNull();
  });
  it('staff watch by scope, without schedule, check-in or limits', () => {
    const staff = { id: '2', staff: true, active: true, inStaffScope: true };
    const cam = { ...facts().camera!, schedule: { status: true, dates: [] } };
    expect(decide(facts({ viewer: staff, camera: cam, children: [] }), t)).toMatchObject({ ok: true, counts: false });
    expect(decide(facts({ viewer: { ...staff, inStaffScope: false }, children: [] }), t)).toMatchObject({ code: 'OUT_OF_SCOPE' });
  });
});

describe('endReason (the sweep)', () => {
  const t = at('2026-11-23T15:00:00Z');
  const s = { started_at: at('2026-11-23T14:59:00Z'), last_heartbeat_at: at('2026-11-23T14:59:50Z') };
  const limited = { ...facts().location, enable_max_login_feature: true, max_daily_logins: 1 };
  it('keeps a healthy session, and the last allowed login (used == limit)', () => {
    expect(endReason(facts(), s, t)).toBeNull();
    expect(endReason(facts({ location: limited, limit: { own: null, extra: 0, used: 1 } }), s, t)).toBeNull();
    expect(endReason(facts({ location: limited, limit: { own: null, extra: 1, used: 2 } }), s, t)).toBeNull();
  });
  it('ends the session when the day goes over the limit (logins set higher, or the limit lowered); never for staff', () => {
    expect(endReason(facts({ location: limited, limit: { own: null, extra: 0, used: 2 } }), s, t)).toBe('LOGIN_LIMIT');
    expect(endReason(facts({ location: limited, limit: { own: 0, extra: 0, used: 1 } }), s, t)).toBe('LOGIN_LIMIT');
    expect(
      endReason(facts({ location: { ...limited, enable_max_login_feature: false }, limit: { own: null, extra: 0, used: 5 } }), s, t),
    ).toBeNull();
    const staff = { id: '2', staff: true, active: true, inStaffScope: true };
    expect(endReason(facts({ viewer: staff, location: limited, limit: { own: null, extra: 0, used: 5 } }), s, t)).toBeNull();
  });
  it('ends on check-out, black list, schedule end and a closed player', () => {
    const child = facts().children[0]!;
    expect(endReason(facts({ children: [{ ...child, checked_in: false }] }), s, t)).toBe('NOT_CHECKED_IN');
    expect(endReason(facts({ children: [{ ...child, black_list: true }] }), s, t)).toBe('BLACK_LISTED');
    expect(
      endReason(
        facts({
          camera: { ...facts().camera!, schedule: { status: true, dates: [{ day: 'monday', start_time: '07:00', end_time: '08:59' }] } },
        }),
        s,
        t,
      ),
    ).toBe('OUTSIDE_SCHEDULE');
    expect(endReason(facts(), { ...s, last_heartbeat_at: at('2026-11-23T14:57:00Z') }, t)).toBe('PLAYER_CLOSED');
  });
  it('user_time_out stops an idle viewer, not a long viewing', () => {
    const loc = { ...facts().location, user_time_out: 10 };
    const long = { ...s, started_at: at('2026-11-23T12:00:00Z') };
    expect(endReason(facts({ location: loc }), { ...long, last_activity_at: at('2026-11-23T14:55:00Z') }, t)).toBeNull();
    expect(endReason(facts({ location: loc }), { ...long, last_activity_at: at('2026-11-23T14:49:00Z') }, t)).toBe('IDLE');
    // No activity reported since the start: the start counts.
    expect(endReason(facts({ location: loc }), long, t)).toBe('IDLE');
    expect(endReason(facts({ location: loc }), s, t)).toBeNull();
    const staff = { id: '2', staff: true, active: true, inStaffScope: true };
    expect(endReason(facts({ viewer: staff, location: loc }), long, t)).toBeNull();
  });
});

describe('liveUntil (the schedule window holding now, in the location time zone)', () => {
  const cam = (dates: { day: string; start_time: string; end_time: string }[]) => ({
    ...facts().camera!,
    schedule: { status: true, dates },
  });
  it('the end of the window; following windows joined; null without a schedule or when always live', () => {
    const t = at('2026-11-23T15:00:30Z'); // Monday 09:00:30 Chicago
    expect(liveUntil(cam(weekdays), t, 'America/Chicago')?.toISOString()).toBe('2026-11-24T00:00:00.000Z'); // 18:00 CST
    const joined = [...weekdays, { day: 'monday', start_time: '18:00', end_time: '20:00' }];
    expect(liveUntil(cam(joined), t, 'America/Chicago')?.toISOString()).toBe('2026-11-24T02:00:00.000Z');
    expect(liveUntil({ ...facts().camera!, schedule: null }, t, 'America/Chicago')).toBeNull();
    const always = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => ({
      day,
      start_time: '00:00',
      end_time: '00:00',
    }));
    expect(liveUntil(cam(always), t, 'America/Chicago')).toBeNull();
    expect(liveUntil(cam(weekdays), at('2026-11-24T15:00:00Z'), 'America/Chicago')).toBeNull(); // outside
  });
});
