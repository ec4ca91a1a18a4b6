import { createDecipheriv, createPublicKey, hkdfSync, verify, type ECDH } from 'node:crypto';

/**
 * What a push service and a browser do with a message, written from the RFCs and not with web-push, so the
 * fake checks the library's output independently (decision 077): the VAPID header (RFC 8292) and the
 * aes128gcm body (RFC 8188 as RFC 8291 profiles it).
 */

export interface VapidClaims {
  aud: string;
  exp: number;
  sub?: string;
}

/** Why a push service refuses the request's VAPID (401/403 in RFC 8292 §4.2), or the claims it carried. */
export type VapidCheck = { ok: true; claims: VapidClaims; publicKey: string } | { ok: false; reason: string };

const b64 = (value: string) => Buffer.from(value, 'base64url');
const MAX_LIFE_S = 24 * 3600;

/** The P-256 public key (65-byte uncompressed point) as a key Node can verify with. */
function p256Key(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3): the JWT is ES256-signed by `k`, its `aud` is the
 * push service's origin, its `exp` is in the future and at most 24 hours away, and its `sub` a mailto: or https:
 * contact. `nowS`: the time in seconds.
 */
export function checkVapid(authorization: string | undefined, origin: string, nowS: number): VapidCheck {
  const match = /^vapid\s+t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return { ok: false, reason: 'no vapid t=…, k=… header' };
  const [headerPart, claimsPart, signature] = match[1]!.split('.') as [string, string, string];
  const publicKey = match[2]!;
  let header: { alg?: string; typ?: string };
  let claims: Partial<VapidClaims>;
  try {
    header = JSON.parse(b64(headerPart).toString('utf8')) as typeof header;
    claims = JSON.parse(b64(claimsPart).toString('utf8')) as typeof claims;
    const signed = verify(
      'sha256',
      Buffer.from(`${headerPart}.${claimsPart}`),
      { key: p256Key(b64(publicKey)), dsaEncoding: 'ieee-p1363' },
      b64(signature),
    );
    if (!signed) return { ok: false, reason: 'bad signature' };
  } catch {
    return { ok: false, reason: 'unreadable token or key' };
  }
  if (header.alg !== 'ES256') return { ok: false, reason: 'alg is not ES256' };
  if (claims.aud !== origin) return { ok: false, reason: `aud ${String(claims.aud)} is not ${origin}` };
  if (typeof claims.exp !== 'number' || claims.exp <= nowS) return { ok: false, reason: 'expired' };
  if (claims.exp > nowS + MAX_LIFE_S) return { ok: false, reason: 'exp more than 24 hours away' };
  if (claims.sub !== undefined && !/^(mailto:|https:)/.test(claims.sub))
    return { ok: false, reason: 'sub is not mailto: or https:' };
  return { ok: true, claims: claims as VapidClaims, publicKey };
}

/**
 * Opens an aes128gcm body as the browser does (RFC 8291 §3.4, RFC 8188 §2): the header (salt, record size, the
 * sender's one-off public key), the ECDH secret with the browser's private key, the IKM keyed by the auth
 * secret, then the content key and nonce from the salt; one record, its padding ended by the 0x02 delimiter.
 */
export function decryptAes128gcm(body: Buffer, browserKey: ECDH, authSecret: Buffer): string {
  if (body.length < 21 + 65 + 17) throw new Error('body too short');
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Error('keyid is not a P-256 public key');
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const browserPublic = browserKey.getPublicKey();
  const ecdhSecret = browserKey.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
