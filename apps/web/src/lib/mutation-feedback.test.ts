import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { throttledNotice } from './mutation-feedback';

const t = ((key: string, opts?: { seconds?: number }) => `${key}|${opts?.seconds}`) as unknown as TFunction;

describe('throttledNotice (sign-in pages)', () => {
  it('tells the wait of a THROTTLED answer, and nothing for other answers', () => {
    const throttled = { graphQLErrors: [{ message: 'Too many attempts.', extensions: { code: 'THROTTLED', retryAfter: 42 } }] };
    expect(throttledNotice(throttled, t)).toEqual({ status: false, color: 'warning', message: 'common:errors.throttled|42' });
    expect(throttledNotice({ graphQLErrors: [{ message: 'No.', extensions: { code: 'FORBIDDEN' } }] }, t)).toBeNull();
    expect(throttledNotice(undefined, t)).toBeNull();
  });
});
