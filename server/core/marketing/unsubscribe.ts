import { createHmac, timingSafeEqual } from 'node:crypto';
import { MARKETING_CHANNELS, type MarketingChannel } from '#common/lib/marketing-consent';
import type { Config } from '#server/config';

/**
 * One-step unsubscribing from advertising (decision 072): a token per member and channel, signed with a key derived
 * from AUTH_SECRET, so the link needs no login and nobody can make one for another member. The token is the
 * member's id (16 bytes), the channel (1 byte) and 12 bytes of HMAC-SHA256 over both: 39 characters of base64url,
 * short enough for an SMS. It never expires: an old message's link must still work (38-ФЗ art. 18 part 1).
 */

type Secrets = Pick<Config, 'authSecret'>;
const MAC_BYTES = 12;
const TOKEN = /^[A-Za-z0-9_-]{39}$/;

const keyOf = (config: Secrets) =>
  createHmac('sha256', config.authSecret).update('kopilka/marketing-unsubscribe').digest();

const uuidBytes = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const macOf = (config: Secrets, payload: Buffer) =>
  createHmac('sha256', keyOf(config)).update(payload).digest().subarray(0, MAC_BYTES);

/** The token of a member's channel. */
export function unsubscribeToken(config: Secrets, userId: string, channel: MarketingChannel): string {
  const payload = Buffer.concat([uuidBytes(userId), Buffer.from([MARKETING_CHANNELS.indexOf(channel)])]);
  return Buffer.concat([payload, macOf(config, payload)]).toString('base64url');
}

/** The member and channel a token was made for, or null for anything forged, cut or altered. */
export function readUnsubscribeToken(
  config: Secrets,
  token: string,
): { userId: string; channel: MarketingChannel } | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // The last character carries 2 unused bits: only the canonical spelling is the token, so one link is one string.
  if (bytes.toString('base64url') !== token) return null;
  const payload = bytes.subarray(0, 17);
  const channel = MARKETING_CHANNELS[payload[16]!];
  if (!channel || !timingSafeEqual(bytes.subarray(17), macOf(config, payload))) return null;
  return { userId: uuidOf(payload.subarray(0, 16)), channel };
}

/** The short link an advertising SMS (or push) ends with: `<PUBLIC_URL>/u/<token>`. */
export function unsubscribeLink(
  config: Secrets & Pick<Config, 'publicUrl'>,
  userId: string,
  channel: MarketingChannel,
): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/u/${unsubscribeToken(config, userId, channel)}`;
}

/**
 * The headers every advertising e-mail carries (RFC 2369 `List-Unsubscribe`, RFC 8058 one-click): a mail client
 * POSTs `List-Unsubscribe=One-Click` to the link and the member is unsubscribed from e-mail, with no page.
 */
export function emailUnsubscribeHeaders(
  config: Secrets & Pick<Config, 'publicUrl'>,
  userId: string,
): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  return {
    'List-Unsubscribe': `<${unsubscribeLink(config, userId, 'email')}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
