import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  emailUnsubscribeHeaders,
  readUnsubscribeToken,
  unsubscribeLink,
  unsubscribeToken,
} from './unsubscribe';

const config = { authSecret: 'a-test-secret-of-enough-length', publicUrl: 'https://loyalty.example/' };

describe('unsubscribe tokens, links and headers', () => {
  it('makes a short token per member and channel that reads back, and nothing else does', () => {
    const userId = randomUUID();
    const sms = unsubscribeToken(config, userId, 'sms');
    expect(sms).toMatch(/^[A-Za-z0-9_-]{39}$/);
    expect(readUnsubscribeToken(config, sms)).toEqual({ userId, channel: 'sms' });
    expect(unsubscribeToken(config, userId, 'email')).not.toBe(sms);
    expect(readUnsubscribeToken(config, unsubscribeToken(config, userId, 'push'))).toEqual({
      userId,
      channel: 'push',
    });
    // Another secret, a changed character, another member's id under the same MAC, cut or padded: refused.
    expect(readUnsubscribeToken({ authSecret: 'another-secret' }, sms)).toBeNull();
    const flipped = sms.slice(0, 5) + (sms[5] === 'A' ? 'B' : 'A') + sms.slice(6);
    expect(readUnsubscribeToken(config, flipped)).toBeNull();
    const otherMember = unsubscribeToken(config, randomUUID(), 'sms');
    expect(readUnsubscribeToken(config, otherMember.slice(0, 23) + sms.slice(23))).toBeNull();
    // The last character's 2 spare bits: another spelling of the same bytes is refused too.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spare = last[last.indexOf(sms.at(-1)!) ^ 1]!;
    expect(readUnsubscribeToken(config, sms.slice(0, -1) + spare)).toBeNull();
    expect(readUnsubscribeToken(config, sms.slice(1))).toBeNull();
    expect(readUnsubscribeToken(config, `${sms}A`)).toBeNull();
    expect(readUnsubscribeToken(config, '')).toBeNull();
  });

  it('gives the sender the SMS link and the RFC 8058 e-mail headers', () => {
    const userId = randomUUID();
    const link = unsubscribeLink(config, userId, 'sms');
    expect(link).toBe(`https://loyalty.example/u/${unsubscribeToken(config, userId, 'sms')}`);
    expect(link.length - config.publicUrl.length).toBe(41); // 'u/' and the token: short for an SMS
    expect(emailUnsubscribeHeaders(config, userId)).toEqual({
      'List-Unsubscribe': `<https://loyalty.example/u/${unsubscribeToken(config, userId, 'email')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
