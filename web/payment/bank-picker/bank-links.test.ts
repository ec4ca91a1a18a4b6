import { describe, expect, it } from 'vitest';
import { bankAppLink, detectPlatform } from './bank-links';

const link =
  'https://qr.nspk.ru/AS10003P3RH0LJ2A9ROO038L6NT5RU1M?type=01&bank=000000000001&sum=0&cur=RUB&crc=C08B';
const sber = { schema: 'bank100000000111', package_name: 'ru.sberbankmobile' };

describe('bankAppLink', () => {
  it('on iOS replaces https with the bank’s scheme', () => {
    expect(bankAppLink(link, sber, 'ios')).toBe(
      'bank100000000111://qr.nspk.ru/AS10003P3RH0LJ2A9ROO038L6NT5RU1M?type=01&bank=000000000001&sum=0&cur=RUB&crc=C08B',
    );
  });

  it('on Android builds an intent with the scheme, the package and the encoded https fallback', () => {
    expect(bankAppLink(link, sber, 'android')).toBe(
      'intent://qr.nspk.ru/AS10003P3RH0LJ2A9ROO038L6NT5RU1M?type=01&bank=000000000001&sum=0&cur=RUB&crc=C08B' +
        '#Intent;scheme=bank100000000111;package=ru.sberbankmobile;S.browser_fallback_url=' +
        'https%3A%2F%2Fqr.nspk.ru%2FAS10003P3RH0LJ2A9ROO038L6NT5RU1M%3Ftype%3D01%26bank%3D000000000001' +
        '%26sum%3D0%26cur%3DRUB%26crc%3DC08B;end',
    );
  });

  it('leaves package= out when the bank has none', () => {
    const result = bankAppLink(link, { schema: 'bank100000000273', package_name: null }, 'android');
    expect(result).not.toContain('package=');
    expect(result).toContain(
      '#Intent;scheme=bank100000000273;S.browser_fallback_url=https%3A%2F%2Fqr.nspk.ru',
    );
  });

  it('encodes the fallback so its ; # & = cannot break the intent', () => {
    const odd = 'https://qr.nspk.ru/AS1?a=1;b#c&d=e';
    const fallback = /S\.browser_fallback_url=([^;]*);end$/.exec(bankAppLink(odd, sber, 'desktop'))![1]!;
    expect(fallback).not.toMatch(/[;#&=]/);
    expect(decodeURIComponent(fallback)).toBe(odd);
  });
});

describe('detectPlatform', () => {
  it('tells iPhone, iPad (also as a touch Mac), Android and a desktop apart', () => {
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe('desktop');
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')).toBe('android');
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe('desktop');
  });
});
