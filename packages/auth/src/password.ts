import { hash, verify } from '@node-rs/argon2';

/** OWASP's Argon2id baseline: m = 19 MiB, t = 2, p = 1. */
// `algorithm: 2` is Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; an account without a hash still costs one verification, so response time
 * does not tell whether a username exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Spec-free but ASVS-backed: 8–128 characters, no composition rules, not a well-known password. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (COMMON.has(password.toLowerCase())) return 'This password is too common; choose another.';
  return null;
}

const COMMON = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'abc12345',
  'letmein1',
  'admin123',
  '11111111',
  '00000000',
  'passw0rd',
  'trustno1',
  'superman',
  'whatever',
  'starwars',
  'dragon12',
  'monkey123',
]);
