import { createECDH, randomBytes } from 'node:crypto';
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { checkVapid, decryptAes128gcm } from './fake-push-crypto';

const ORIGIN = 'http://127.0.0.1:4499';
const SUBJECT = 'mailto:push@berezka.example';
const keys = webPush.generateVAPIDKeys();
const nowS = () => Math.floor(Date.now() / 1000);

/** The Authorization header web-push makes for the origin, expiring at `exp` (seconds). */
const header = (audience = ORIGIN, exp = nowS() + 12 * 3600, pair = keys) =>
  webPush.getVapidHeaders(audience, SUBJECT, pair.publicKey, pair.privateKey, 'aes128gcm', exp).Authorization;

describe("the fake push service's VAPID check (RFC 8292)", () => {
  it('takes a token web-push signed for its origin and gives its claims and key', () => {
    const check = checkVapid(header(), ORIGIN, nowS());
    expect(check).toMatchObject({
      ok: true,
      publicKey: keys.publicKey,
      claims: { aud: ORIGIN, sub: SUBJECT },
    });
  });

  it('refuses another audience, an expired token and one living past 24 hours', () => {
    expect(checkVapid(header('https://fcm.googleapis.com'), ORIGIN, nowS())).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^aud/),
    });
    const exp = nowS() + 60;
    expect(checkVapid(header(ORIGIN, exp), ORIGIN, exp)).toEqual({ ok: false, reason: 'expired' });
    expect(checkVapid(header(ORIGIN, exp), ORIGIN, exp - 25 * 3600)).toEqual({
      ok: false,
      reason: 'exp more than 24 hours away',
    });
  });

  it('refuses a changed signature, claims or key, and a missing or malformed header', () => {
    const good = header();
    const [, token, key] = /^vapid t=(\S+), k=(\S+)$/.exec(good)!;
    const [head, claims, signature] = token!.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(checkVapid(`vapid t=${head}.${claims}.${flipped}, k=${key}`, ORIGIN, nowS()).ok).toBe(false);
    const forged = Buffer.from(JSON.stringify({ aud: ORIGIN, exp: nowS() + 3600, sub: SUBJECT })).toString(
      'base64url',
    );
    expect(checkVapid(`vapid t=${head}.${forged}.${signature}, k=${key}`, ORIGIN, nowS())).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const other = webPush.generateVAPIDKeys().publicKey;
    expect(checkVapid(`vapid t=${token}, k=${other}`, ORIGIN, nowS())).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(checkVapid(undefined, ORIGIN, nowS()).ok).toBe(false);
    expect(checkVapid(`WebPush ${token}`, ORIGIN, nowS()).ok).toBe(false);
    expect(checkVapid(`vapid t=${token}, k=AAAA`, ORIGIN, nowS())).toEqual({
      ok: false,
      reason: 'unreadable token or key',
    });
  });
});

describe("the fake push service's decryption (RFC 8291, aes128gcm)", () => {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const auth = randomBytes(16);
  const subscription = {
    endpoint: `${ORIGIN}/push/1`,
    keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  const bodyOf = (payload: string) =>
    webPush.generateRequestDetails(subscription, payload, { contentEncoding: 'aes128gcm' }).body;

  it('opens what web-push encrypted to the browser', () => {
    const payload = JSON.stringify({ title: 'Бонусы за покупку', body: 'Начислено 30 бонусов 🎉' });
    expect(decryptAes128gcm(bodyOf(payload), browser, auth)).toBe(payload);
  });

  it('fails on a changed byte or the wrong auth secret', () => {
    const body = bodyOf('hello');
    const changed = Buffer.from(body);
    changed[changed.length - 20]! ^= 1;
    expect(() => decryptAes128gcm(changed, browser, auth)).toThrow();
    expect(() => decryptAes128gcm(body, browser, randomBytes(16))).toThrow();
  });
});
