import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'kv:secret-at-rest:v1';

export class SecretDecryptError extends Error {
  constructor() {
    super('Encrypted secret is malformed, tampered with, or was made with another key');
    this.name = 'SecretDecryptError';
  }
}

function keyFor(secret: string, salt: Buffer): Buffer {
  if (!secret || secret.length < 32) throw new Error('The platform secret must be at least 32 characters');
  return Buffer.from(hkdfSync('sha256', secret, salt, INFO, 32));
}

/**
 * AES-256-GCM with a per-blob random salt (HKDF) and IV. Format:
 * `v1.<salt>.<iv>.<tag>.<ciphertext>` (base64url); the version is authenticated as AAD.
 */
export function encryptSecret(plain: string, secret: string): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, salt), iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, salt, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function decryptSecret(blob: string, secret: string): string {
  const parts = blob.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretDecryptError();
  const [salt, iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
  if (salt!.length !== 16 || iv!.length !== 12 || tag!.length !== 16) throw new SecretDecryptError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, salt!), iv!);
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptError();
  }
}
