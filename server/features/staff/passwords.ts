import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/*
 * Staff passwords (docs/decisions/026): argon2id with the library's defaults (19 MiB, 2 passes: OWASP's
 * minimum), so a stolen table costs an attacker real work per guess.
 */

export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// An unknown e-mail is checked against this, so it takes as long as a known one and answers the same.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

// No 0/O, 1/l/I: the owner reads it out or copies it to the person.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password: 16 characters of a 55-letter alphabet (about 92 bits), shown once. */
export function oneTimePassword(): string {
  let out = '';
  for (let i = 0; i < 16; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
