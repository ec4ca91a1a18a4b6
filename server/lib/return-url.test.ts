import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { checkReturnUrl, isSiteOrigin, siteOriginOf } from './return-url';

const config = testConfig({ publicUrl: 'http://localhost:3000', publicOrigins: [] });
const production = testConfig({
  isProduction: true,
  publicUrl: 'https://loyalty.shop.example',
  publicOrigins: ['https://www.loyalty.shop.example'],
});

describe('where a payer may be sent back (issue 27)', () => {
  it('outside production takes any loopback address, as `npm start` opened at 127.0.0.1 is', () => {
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://127.0.0.1:5173',
      'http://[::1]:3000',
    ])
      expect(isSiteOrigin(config, origin), origin).toBe(true);
    expect(() => checkReturnUrl({ config }, 'http://127.0.0.1:3000/loyalty/finish?d=1')).not.toThrow();
  });

  it('never takes another site, in development or production', () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'javascript:alert(1)',
    ])
      expect(isSiteOrigin(config, origin), origin).toBe(false);
    expect(() => checkReturnUrl({ config }, 'https://evil.example/loyalty/finish')).toThrow(
      /только адрес этого сайта/,
    );
  });

  it('in production takes PUBLIC_URL and PUBLIC_ORIGINS only, no loopback', () => {
    expect(isSiteOrigin(production, 'https://loyalty.shop.example')).toBe(true);
    expect(isSiteOrigin(production, 'https://www.loyalty.shop.example')).toBe(true);
    expect(isSiteOrigin(production, 'http://loyalty.shop.example')).toBe(false);
    expect(isSiteOrigin(production, 'http://127.0.0.1:3000')).toBe(false);
  });

  it('builds a return address on the origin the request came to, when it is the site’s', () => {
    expect(siteOriginOf(config, { protocol: 'http', host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(siteOriginOf(production, { protocol: 'https', host: 'www.loyalty.shop.example' })).toBe(
      'https://www.loyalty.shop.example',
    );
    // A forged Host never leads the payer elsewhere.
    expect(siteOriginOf(production, { protocol: 'https', host: 'evil.example' })).toBe(
      'https://loyalty.shop.example',
    );
  });
});
