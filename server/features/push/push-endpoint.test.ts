import { describe, expect, it } from 'vitest';
import { checkPushEndpoint } from './push-endpoint';

const production = (resolved: string[]) => ({
  production: true,
  resolve: async () => resolved.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
});

describe('a push subscription endpoint in production', () => {
  it('takes an https push service on a public address', async () => {
    const url = 'https://fcm.googleapis.com/fcm/send/abc:def';
    expect(await checkPushEndpoint(url, production(['142.250.74.42']))).toBe(url);
  });

  it('refuses the loopback, http, and a name that resolves to a private address', async () => {
    await expect(checkPushEndpoint('http://127.0.0.1:9000/push/1', production([]))).rejects.toThrow(/https/);
    await expect(checkPushEndpoint('https://127.0.0.1/push/1', production([]))).rejects.toThrow(/внутреннюю/);
    await expect(checkPushEndpoint('https://localhost/push/1', production(['127.0.0.1']))).rejects.toThrow(
      /внутреннюю/,
    );
    await expect(
      checkPushEndpoint('https://push.example/1', production(['8.8.8.8', '192.168.1.10'])),
    ).rejects.toThrow(/внутреннюю/);
    await expect(checkPushEndpoint('https://nowhere.example/1', production([]))).rejects.toThrow(
      /Не удалось найти адрес/,
    );
  });

  it('outside production takes the loopback over http (the fake push service)', async () => {
    const url = 'http://127.0.0.1:9000/push/1';
    expect(await checkPushEndpoint(url, { production: false })).toBe(url);
  });
});
