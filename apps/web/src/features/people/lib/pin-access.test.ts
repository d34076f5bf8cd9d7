import { describe, expect, it } from 'vitest';
import { mayIssuePin } from './pin-access';

describe('mayIssuePin', () => {
  const manager = { role: 'manager' as const, permissions: ['users.edit', 'team.edit'] };
  it('lets a manager with the area edit permission renew contacts and teachers', () => {
    expect(mayIssuePin(manager, ['user'])).toBe(true);
    expect(mayIssuePin(manager, ['teacher'])).toBe(true);
  });
  it('needs the edit permission of the person’s area', () => {
    expect(mayIssuePin({ role: 'manager', permissions: ['team.edit'] }, ['user'])).toBe(false);
    expect(mayIssuePin({ role: 'manager', permissions: ['users.edit'] }, ['teacher'])).toBe(false);
  });
  it('never reaches above the viewer, and owners only by owners', () => {
    expect(mayIssuePin(manager, ['admin'])).toBe(false);
    expect(mayIssuePin(manager, ['center'])).toBe(false);
    expect(mayIssuePin({ role: 'center', permissions: [] }, ['center'])).toBe(true);
  });
  it('refuses teachers and parents', () => {
    expect(mayIssuePin({ role: 'teacher', permissions: ['users.edit'] }, ['user'])).toBe(false);
    expect(mayIssuePin({ role: 'user', permissions: [] }, ['user'])).toBe(false);
  });
});
