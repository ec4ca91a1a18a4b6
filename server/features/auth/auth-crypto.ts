import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Separate keys per use, derived from AUTH_SECRET, so a code hash can never pass for a signature. */
export interface AuthKeys {
  code: Buffer;
  jwt: Uint8Array<ArrayBuffer>;
  refresh: Buffer;
}

export function deriveAuthKeys(secret: string): AuthKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`kopilka/${purpose}`).digest();
  return { code: derive('sms-code'), jwt: new Uint8Array(derive('jwt-hs256')), refresh: derive('refresh') };
}

/**
 * Whether `signature` is the HMAC-SHA256 of `signingInput` under the JWT key, written as base64url: compared in
 * constant time with the one encoding we write, so no other spelling of the same bytes passes.
 */
export function isJwtSignature(keys: AuthKeys, signingInput: string, signature: string): boolean {
  const expected = Buffer.from(createHmac('sha256', keys.jwt).update(signingInput).digest('base64url'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A 5-digit code from the cryptographic random source, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 100_000)).padStart(5, '0');
}

/** HMAC-SHA256 of phone and code: the phone binds the hash to one number. */
export function hashCode(keys: AuthKeys, phone: string, code: string): string {
  return createHmac('sha256', keys.code).update(`${phone}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex hashes of equal length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new refresh token: 32 random bytes, base64url (43 characters). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token that replaces `token` on rotation: a keyed function of it, so a duplicate request presenting the
 * same old token within the grace window gets the same successor without the database storing any token.
 */
export function successorOf(keys: AuthKeys, token: string): string {
  return createHmac('sha256', keys.refresh).update(token).digest('base64url');
}

/** How refresh tokens are stored: SHA-256, hex. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
