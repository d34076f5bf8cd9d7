import { describe, expect, it } from 'vitest';
import type { CheckInChildData } from '../api/fragments';
import { actionFor } from './child-tile';

const child = (state: CheckInChildData['checked_in_out']) => ({ checked_in_out: state }) as CheckInChildData;

describe('the kiosk action for the children picked', () => {
  it('checks in when none is in, out when all are in, and toggles each for a mix', () => {
    expect(actionFor([child('not_arrived'), child('checked_out')])).toBe('check_in');
    expect(actionFor([child('checked_in'), child('checked_in')])).toBe('check_out');
    expect(actionFor([child('checked_in'), child('not_arrived')])).toBeNull();
  });
});
