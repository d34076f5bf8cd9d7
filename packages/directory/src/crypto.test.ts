import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretDecryptError } from './crypto.ts';

const SECRET = 'a-test-platform-secret-of-32-chars-or-more';

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, with a fresh salt and IV each time', () => {
    const a = encryptSecret('pässwörd with spaces', SECRET);
    const b = encryptSecret('pässwörd with spaces', SECRET);
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(a).not.toContain('pässwörd');
    expect(decryptSecret(a, SECRET)).toBe('pässwörd with spaces');
    expect(decryptSecret(b, SECRET)).toBe('pässwörd with spaces');
    expect(decryptSecret(encryptSecret('', SECRET), SECRET)).toBe('');
  });

  it('detects a flipped bit in any part, a wrong key and a wrong version', () => {
    const blob = encryptSecret('hunter22-hunter22', SECRET);
    const parts = blob.split('.');
    for (let i = 1; i < parts.length; i++) {
      const bytes = Buffer.from(parts[i]!, 'base64url');
      bytes[0]! ^= 1;
      const tampered = [...parts];
      tampered[i] = bytes.toString('base64url');
      expect(() => decryptSecret(tampered.join('.'), SECRET)).toThrow(SecretDecryptError);
    }
    expect(() => decryptSecret(blob, `${SECRET}-other`)).toThrow(SecretDecryptError);
    expect(() => decryptSecret(blob.replace(/^v1/, 'v2'), SECRET)).toThrow(SecretDecryptError);
    expect(() => decryptSecret('not-a-blob', SECRET)).toThrow(SecretDecryptError);
  });

  it('refuses a short secret', () => {
    expect(() => encryptSecret('x', 'short')).toThrow(/32 characters/);
  });
});
