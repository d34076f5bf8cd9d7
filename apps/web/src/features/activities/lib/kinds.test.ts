import { describe, expect, it } from 'vitest';
import { QUICK_KINDS, mealSlotAt, missingFields, prefill, remember, toVariables } from './kinds';
import { localNow, selectedChildren, toggleDropped } from './quick-entry';

const room = [
  { id: '1', full_name: 'Emma Bennett' },
  { id: '2', full_name: 'Liam Chen' },
  { id: '3', full_name: 'Ava Lopez' },
];

describe('quick entry: who the entry is for', () => {
  it('preselects every child checked in to the room; a tap drops one, a second tap takes them back', () => {
    expect(selectedChildren(room, new Set())).toEqual(['1', '2', '3']);
    const dropped = toggleDropped(new Set(), '2');
    expect(selectedChildren(room, dropped)).toEqual(['1', '3']);
    expect(selectedChildren(room, toggleDropped(dropped, '2'))).toEqual(['1', '2', '3']);
  });

  it('takes in a child checked in while the form is open, and keeps the dropped one out', () => {
    const dropped = new Set(['2']);
    expect(selectedChildren([...room, { id: '4', full_name: 'Noah Kim' }], dropped)).toEqual(['1', '3', '4']);
    // A dropped child who has left the room is simply not there.
    expect(selectedChildren(room.slice(0, 1), dropped)).toEqual(['1']);
  });
});

describe('quick entry: the values a kind starts with', () => {
  it("fills in the location's time now and the meal of that time, with every portion 'all' the first time", () => {
    expect(prefill('meal', '08:15', {})).toMatchObject({ time: '08:15', type: 'breakfast', portion: 'all', staffOnly: false });
    expect(prefill('meal', '12:05', {})).toMatchObject({ type: 'lunch' });
    expect(['09:59', '10:00', '11:30', '14:00', '16:30'].map(mealSlotAt)).toEqual(['breakfast', 'am_snack', 'lunch', 'pm_snack', 'supper']);
  });

  it('remembers the last portion, bottle and sleep position for next time (not the texts)', () => {
    let last = remember('meal', { ...prefill('meal', '12:05', {}), portion: 'most', title: 'Pasta', note: 'Loved it' }, {});
    expect(prefill('meal', '15:00', last)).toMatchObject({ type: 'pm_snack', portion: 'most', title: '', note: '' });
    last = remember('bottle', { ...prefill('bottle', '10:00', last), amount: 6, unit: 'oz', type: 'breast_milk' }, last);
    expect(prefill('bottle', '13:00', last)).toMatchObject({ amount: 6, unit: 'oz', type: 'breast_milk' });
    expect(prefill('meal', '15:00', last)).toMatchObject({ portion: 'most' });
    expect(prefill('nap', '13:00', {})).toMatchObject({ position: 'back', end_time: '' });
    expect(prefill('nap', '13:00', remember('nap', { ...prefill('nap', '13:00', {}), position: 'side' }, {}))).toMatchObject({
      position: 'side',
    });
  });

  it('puts the viewer in as who gave a medication', () => {
    expect(prefill('medication', '09:00', {}, 'Ms Rivera')).toMatchObject({ by: 'Ms Rivera', dose: '', medication_id: null });
  });

  it('leaves a meal, nap, diaper, potty and mood ready to save as filled in (the tap-count promise)', () => {
    for (const kind of ['meal', 'nap', 'diaper', 'potty', 'mood'] as const)
      expect(missingFields(kind, prefill(kind, '12:00', {})), kind).toEqual([]);
    // The ones that need words or a number say which field.
    expect(missingFields('bottle', prefill('bottle', '12:00', {}))).toEqual(['amount']);
    expect(missingFields('incident', prefill('incident', '12:00', {}))).toEqual(['injury', 'first_aid']);
    expect(missingFields('medication', prefill('medication', '12:00', {}, 'Ms Rivera'))).toEqual(['medication_id', 'dose']);
    expect(missingFields('note', prefill('note', '12:00', {}))).toEqual(['note']);
    for (const kind of QUICK_KINDS) expect(prefill(kind, '12:00', {}).time).toBe('12:00');
  });

  it('refuses a nap that ends before it starts', () => {
    expect(missingFields('nap', { ...prefill('nap', '13:00', {}), end_time: '12:30' })).toEqual(['end_time']);
    expect(missingFields('nap', { ...prefill('nap', '13:00', {}), end_time: '14:30' })).toEqual([]);
  });
});

describe('quick entry: what is sent', () => {
  it('sends the room, the day, the time, the children and the request_id with the kind values, empty texts left out', () => {
    const values = prefill('meal', '12:05', {});
    expect(toVariables('meal', values, { room: '5', date: '2026-11-27', students: ['1', '3'], request_id: 'r-1' })).toEqual({
      id: '5',
      date: '2026-11-27',
      time: '12:05',
      students: ['1', '3'],
      staffOnly: false,
      note: null,
      request_id: 'r-1',
      type: 'lunch',
      portion: 'all',
      title: null,
    });
    expect(
      toVariables(
        'supplies',
        { ...prefill('supplies', '09:00', {}), supplies: [' Diapers ', ''] },
        { room: null, date: 'd', students: ['1'], request_id: 'r' },
      ),
    ).toMatchObject({ supplies: ['Diapers'] });
  });

  it("reads the location's wall clock, not the tablet's", () => {
    const instant = new Date('2026-11-27T05:30:00Z');
    expect(localNow('America/New_York', instant)).toEqual({ date: '2026-11-27', time: '00:30' });
    expect(localNow('America/Los_Angeles', instant)).toEqual({ date: '2026-11-26', time: '21:30' });
  });
});
