import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadKey } from './keys.ts';
import type { S3FileStore } from './s3-store.ts';
import { fileStoreContract } from './store-contract.ts';
import { startS3rver } from './testing.ts';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let store: S3FileStore;

beforeAll(async () => {
  s3 = await startS3rver();
  store = s3.store;
});

afterAll(async () => {
  await s3?.stop();
});

describe('S3 store (real SDK against s3rver): the shared contract', () => {
  fileStoreContract(() => ({ store }));
});

describe('S3 store: the POST policy S3 enforces', () => {
  it('signs an exact key, the exact type, a size range and an expiry of at most five minutes', async () => {
    const key = uploadKey('101');
    const before = Date.now();
    const t = await store.presignUpload(key, { contentType: 'image/jpeg', maxBytes: 15_000_000, expiresInSeconds: 300 });
    const policy = JSON.parse(Buffer.from(t.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual({ key });
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 15_000_000]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/jpeg']);
    expect(policy.conditions.some((c) => Array.isArray(c) && c[0] === 'starts-with')).toBe(false);
    expect(new Date(policy.expiration).getTime()).toBeLessThanOrEqual(before + 301_000);
    expect(t.fields.key).toBe(key);
    expect(t.fields['Content-Type']).toBe('image/jpeg');
  });
});
