import { describe, expect, it } from 'vitest';
import { normaliseHost, platformSubdomain } from './host.ts';

describe('normaliseHost', () => {
  it.each([
    ['DEMO.localhost', 'demo.localhost'],
    ['demo.localhost:3000', 'demo.localhost'],
    ['demo.localhost.', 'demo.localhost'],
    ['Demo.LocalHost.:443', 'demo.localhost'],
    ['care.example.co.uk', 'care.example.co.uk'],
    ['localhost', 'localhost'],
    ['127.0.0.1:3101', '127.0.0.1'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseHost(raw)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['demo localhost'],
    ['demo.localhost/evil'],
    ['user@demo.localhost'],
    ['demo..localhost'],
    ['demo.localhost..'],
    ['-demo.localhost'],
    ['demo-.localhost'],
    ['under_score.localhost'],
    ['[::1]:3000'],
    ['demo.localhost:99999'],
    ['demo.localhost:abc'],
    [`${'a'.repeat(64)}.localhost`],
    [`${'abcdefghi.'.repeat(25)}localhost`],
  ])('rejects %s', (raw) => {
    expect(normaliseHost(raw)).toBeNull();
  });

  it('accepts 253 characters and rejects 254', () => {
    const host253 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(host253).toHaveLength(253);
    expect(normaliseHost(host253)).toBe(host253);
    expect(normaliseHost(`e${host253}`)).toBeNull();
  });
});

describe('platformSubdomain', () => {
  it('gives the single label under the platform domain only', () => {
    expect(platformSubdomain('demo.localhost', 'localhost')).toBe('demo');
    expect(platformSubdomain('a.b.localhost', 'localhost')).toBeNull();
    expect(platformSubdomain('localhost', 'localhost')).toBeNull();
    expect(platformSubdomain('demo.notlocalhost', 'localhost')).toBeNull();
  });
});
