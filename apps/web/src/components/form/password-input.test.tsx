// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { createTestI18n } from '../../test/test-i18n';
import { PasswordInput } from './password-input';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(cleanup);

describe('PasswordInput', () => {
  it('shows and hides the password from its button, the focus staying in the input', () => {
    renderWithProviders(<PasswordInput label="Password" toggleLabel="Show or hide the password" autoComplete="current-password" />, i18n);
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show or hide the password' });
    expect(input).toHaveProperty('type', 'password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.tabIndex).toBe(-1);

    input.focus();
    // Mouse down, as Mantine's PasswordInput: a click would take the focus first.
    expect(fireEvent.mouseDown(toggle)).toBe(false);
    expect(input).toHaveProperty('type', 'text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(input);

    fireEvent.keyDown(toggle, { key: ' ' });
    expect(input).toHaveProperty('type', 'password');
  });

  it('has no working toggle while disabled', () => {
    renderWithProviders(<PasswordInput label="Password" toggleLabel="Show or hide the password" disabled />, i18n);
    expect(screen.getByLabelText('Password')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Show or hide the password', hidden: true })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('off');
  });
});
