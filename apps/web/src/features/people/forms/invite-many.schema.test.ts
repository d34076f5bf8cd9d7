import { describe, expect, it } from 'vitest';
import { parseInviteLines, rowOfField } from './invite-many.schema';

describe('parseInviteLines', () => {
  it('reads comma and tab separated people, skips the header and blank lines, and numbers the lines', () => {
    const text =
      'First name,Last name,Username,Email,Phone\nAda,Lovelace,ada,ada@example.com\n\nAlan\tTuring\talan\talan@example.com\t5125550100';
    expect(parseInviteLines(text)).toEqual({
      rows: [
        { line: 2, fname: 'Ada', lname: 'Lovelace', username: 'ada', email: 'ada@example.com', phone: '' },
        { line: 4, fname: 'Alan', lname: 'Turing', username: 'alan', email: 'alan@example.com', phone: '5125550100' },
      ],
      badLines: [],
    });
  });

  it('reports lines missing a required value', () => {
    expect(parseInviteLines('Ada,Lovelace,ada\nAlan,Turing,alan,alan@example.com').badLines).toEqual([1]);
  });
});

describe('rowOfField', () => {
  it("maps the server's users.<index>.<field> to the pasted line", () => {
    const { rows } = parseInviteLines('\nAda,Lovelace,ada,ada@example.com\nAlan,Turing,alan,alan@example.com');
    expect(rowOfField('users.1.email', rows)).toEqual({ line: 3, field: 'email' });
    expect(rowOfField('users.5.email', rows)).toBeNull();
    expect(rowOfField('email', rows)).toBeNull();
  });
});
