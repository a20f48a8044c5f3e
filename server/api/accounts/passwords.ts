import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { ScryptParams } from './account-settings';
import commonPasswords from './common-passwords.json' with { type: 'json' };

// Passwords are hashed with Node's scrypt (no native package to install) at OWASP's cost,
// N=2^17, r=8, p=1: about 0.4 s and 128 MiB per hash on this machine. The stored form names
// its parameters, so a hash made at another cost still verifies and is upgraded at sign-in.

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt refuses to use more than maxmem; give it twice what these parameters need.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

type Parsed = { params: ScryptParams; salt: Buffer; key: Buffer };

function parseHash(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return undefined;
  return { params: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64'), key: Buffer.from(parts[5]!, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made at other parameters than the current ones. */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}

/**
 * Spends the same work as checking a real password, for sign-ins with an unknown name or
 * an account without a password, so the answer's timing does not tell which it was.
 */
export function passwordDecoy(params: ScryptParams): (password: string) => Promise<void> {
  let decoy: Promise<string> | undefined;
  return async (password) => {
    decoy ??= hashPassword(randomBytes(16).toString('hex'), params);
    await verifyPassword(password, await decoy);
  };
}

const COMMON = new Set((commonPasswords as string[]).map((p) => p.toLowerCase()));

/** The most common passwords (a short list shipped as data), compared ignoring case. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
