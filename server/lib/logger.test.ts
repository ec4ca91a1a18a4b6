import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { maskUrl, REDACTED_PATHS } from './logger';

describe('logs without secrets', () => {
  it('masks tokens and codes in query strings and gift-card ids in paths', () => {
    expect(maskUrl('/api/x?token=abc&page=2&code=12345')).toBe('/api/x?token=***&page=2&code=***');
    expect(maskUrl('/gc/8f3a9c0d1e2f?x=1')).toBe('/gc/***?x=1');
    expect(maskUrl('/api/gc/card/sale8f3a9c0d1e2f/reveal')).toBe('/api/gc/card/***/reveal');
    expect(maskUrl('/gc/entity/result')).toBe('/gc/entity/result');
    expect(maskUrl('/gc/sale')).toBe('/gc/sale');
    // Links whose key is the secret: the cheque and the company's invoice PDF.
    expect(maskUrl('/cheque/0b5e?k=secret')).toBe('/cheque/0b5e?k=***');
    expect(maskUrl('/api/gc/invoice/0b5e/pdf?k=secret')).toBe('/api/gc/invoice/0b5e/pdf?k=***');
    expect(maskUrl('/loyalty/finish?d=42&p=1')).toBe('/loyalty/finish?d=***&p=1');
    // The console's look-ups: a gift card's number or link, a member's phone (decision 033).
    expect(maskUrl('/api/operator/gift-cards?q=1234567812345678')).toBe('/api/operator/gift-cards?q=***');
    expect(maskUrl('/api/admin/members?q=79001234567&x=1')).toBe('/api/admin/members?q=***&x=1');
    expect(maskUrl('/api/operator/gift-cards/AbCdEfGhIjKlMnOpQrStUv/block')).toBe(
      '/api/operator/gift-cards/***/block',
    );
    expect(maskUrl('/api/admin/members/cards/2000123456789/lock')).toBe('/api/admin/members/cards/***/lock');
  });

  it('redacts authorization, cookies, codes, tokens and card numbers in logged objects', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    log.info({
      req: { headers: { authorization: 'Bearer eyJsecret', cookie: 'referer=1' } },
      body: { code: '12345', token: 't0k', refresh: 'r3f', cardNum: '4111111111111111' },
    });
    const line = lines.join('');
    for (const secret of ['eyJsecret', 'referer=1', '12345', 't0k', 'r3f', '4111111111111111']) {
      expect(line).not.toContain(secret);
    }
  });
});
