import { describe, expect, it } from 'vitest';
import { compareValues, filterRows, getByPath, nextSort, pageCount, paginate, sortRows } from './table-model';

const rows = [
  { id: 1, name: 'Zoe', location: { name: 'Riverside' }, roles: [{ name: 'teacher' }], age: 4 },
  { id: 2, name: 'adam', location: { name: 'Downtown' }, roles: [{ name: 'manager' }, { name: 'user' }], age: 10 },
  { id: 3, name: 'Mia', location: null, roles: [], age: null },
];

describe('table model', () => {
  it('reads nested dot paths, through arrays', () => {
    expect(getByPath(rows[0], 'location.name')).toBe('Riverside');
    expect(getByPath(rows[2], 'location.name')).toBeUndefined();
    expect(getByPath(rows[1], 'roles.name')).toEqual(['manager', 'user']);
  });

  it('cycles none → ascending → descending → none, restarting on another column', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort(second, 'name')).toBeNull();
    expect(nextSort(second, 'age')).toEqual({ key: 'age', direction: 'asc' });
  });

  it('sorts text naturally and case-insensitively, numbers numerically, empty values last', () => {
    expect(sortRows(rows, { key: 'name', direction: 'asc' }).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortRows(rows, { key: 'name', direction: 'desc' }).map((r) => r.id)).toEqual([1, 3, 2]);
    expect(sortRows(rows, { key: 'age', direction: 'desc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, { key: 'location.name', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, null).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(compareValues('item 2', 'item 10')).toBeLessThan(0);
  });

  it('searches nested fields, every word must match', () => {
    expect(filterRows(rows, 'downtown', ['name', 'location.name']).map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, 'USER', ['roles.name']).map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, 'adam river', ['name', 'location.name'])).toEqual([]);
    expect(filterRows(rows, '   ', ['name'])).toHaveLength(3);
  });

  it('pages rows', () => {
    const many = Array.from({ length: 30 }, (_, i) => i);
    expect(pageCount(30, 25)).toBe(2);
    expect(pageCount(0, 25)).toBe(1);
    expect(paginate(many, 1, 25)).toHaveLength(25);
    expect(paginate(many, 2, 25)).toEqual([25, 26, 27, 28, 29]);
  });
});
