import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Session tokens, reset tokens and guest keys: random, opaque, and stored only as a hash.
// A stolen database copy then holds nothing that signs anyone in.

/** 32 random bytes (256 bits) as base64url: 43 characters, safe in headers, cookies and paths. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 in hex. Enough for high-entropy secrets (no salt or stretching needed). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A well-formed secret as we issue them: base64url, 16 to 128 characters. */
export function looksLikeSecret(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(value);
}
