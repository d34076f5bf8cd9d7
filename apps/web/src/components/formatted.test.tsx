// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateTimeText, EmailText, MoneyText, PhoneText } from './formatted';

afterEach(cleanup);

describe('formatted values', () => {
  it('shows phones as (xxx) xxx-xxxx with a dialable link', () => {
    const { container } = render(<PhoneText value="217-555-0142" />);
    const link = container.querySelector('a')!;
    expect(link.textContent).toBe('(217) 555-0142');
    expect(link.getAttribute('href')).toBe('tel:2175550142');
  });

  it('shows money as $ with two-digit cents, $0.00 when empty', () => {
    expect(render(<MoneyText value={1234.5} />).container.textContent).toBe('$1,234.50');
    cleanup();
    expect(render(<MoneyText value={null} />).container.textContent).toBe('$0.00');
  });

  it('shows times as MM/DD/YYYY h:mm A', () => {
    const { container } = render(<DateTimeText value="2026-03-05T14:07:00" />);
    expect(container.textContent).toBe('03/05/2026 2:07 PM');
  });

  it('shows placeholder system emails blank', () => {
    expect(render(<EmailText value="temp12345@kidsvision.example" />).container.textContent).toBe('');
    cleanup();
    expect(render(<EmailText value="family@sysgen.example" />).container.textContent).toBe('');
    cleanup();
    expect(
      render(<EmailText value="olivia.bennett@example.com" />)
        .container.querySelector('a')
        ?.getAttribute('href'),
    ).toBe('mailto:olivia.bennett@example.com');
  });
});
