import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-form';

describe('login form rules', () => {
  it('needs a username and a password, ignoring surrounding spaces in the username', () => {
    expect(validateLogin({ username: '  ', password: '' })).toEqual({
      username: 'common:validation.required',
      password: 'common:validation.required',
    });
    expect(validateLogin({ username: 'parent', password: 'x' })).toEqual({});
    expect(validateLogin({ username: ' parent ', password: '' })).toEqual({ password: 'common:validation.required' });
  });
});
