import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '#server/config';
import { AppError } from '#server/errors';

/*
 * Staff TOTP secrets sealed at rest (docs/decisions/033): AES-256-GCM, a fresh 12-byte nonce each time, the
 * staff member's id as associated data (a sealed secret copied onto another account does not open). Stored as
 * `v1:<nonce>.<ciphertext and tag>` (base64url). A value without the prefix is a secret written before this
 * (in clear); it is still read, and sealed at that person's next login.
 */

const PREFIX = 'v1:';

/** STAFF_TOTP_KEY hashed to 32 bytes; unset, a key derived from AUTH_SECRET for this one use. */
export function totpKeyOf(config: Pick<Config, 'staffTotpKey' | 'authSecret'>): Buffer {
  if (config.staffTotpKey) return createHash('sha256').update(config.staffTotpKey).digest();
  return createHmac('sha256', config.authSecret).update('kopilka/staff-totp').digest();
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealTotpSecret(key: Buffer, staffId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(staffId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
}

/**
 * The secret in clear. One that does not open (the key changed, or the row was tampered with) refuses the login
 * without counting a failure: the owner resets the person's authenticator.
 */
export function openTotpSecret(key: Buffer, staffId: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  try {
    const [nonce, sealed] = stored.slice(PREFIX.length).split('.') as [string, string];
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
      .setAAD(Buffer.from(staffId))
      .setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new AppError(
      'TOTP_INVALID',
      'Аутентификатор не читается: попросите владельца сбросить его и подключите заново',
    );
  }
}
