import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/test-app';
import { SmsSendError } from './sms-provider';
import { createSmsRuProvider } from './smsru-provider';

/** A local stand-in for sms.ru speaking its protocol: form-encoded POST /sms/send, JSON answer with json=1. */
function fakeSmsRu() {
  const received: Record<string, string>[] = [];
  let mode: 'ok' | 'bad-number' | 'bad-key' = 'ok';
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push({ path: request.url ?? '', method: request.method ?? '', ...form });
      response.setHeader('content-type', 'application/json');
      if (mode === 'bad-key' || form.api_id !== 'test-api-id') {
        response.end(
          JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }),
        );
        return;
      }
      const entry =
        mode === 'ok'
          ? { status: 'OK', status_code: 100, sms_id: '000000-10000000' }
          : { status: 'ERROR', status_code: 207, status_text: 'На этот номер нельзя отправлять сообщения' };
      response.end(
        JSON.stringify({ status: 'OK', status_code: 100, sms: { [form.to!]: entry }, balance: 4122.56 }),
      );
    });
  });
  return {
    received,
    setMode: (m: typeof mode) => void (mode = m),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the SMS.ru adapter against a local fake of its API', () => {
  const fake = fakeSmsRu();
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.received.length = 0;
    fake.setMode('ok');
  });

  it('posts api_id, to, msg and json=1 to /sms/send and resolves on OK', async () => {
    const provider = createSmsRuProvider({ apiId: 'test-api-id', baseUrl });
    await provider.send('79001234567', 'Код для входа: 12345.');
    expect(fake.received).toEqual([
      {
        path: '/sms/send',
        method: 'POST',
        api_id: 'test-api-id',
        to: '79001234567',
        msg: 'Код для входа: 12345.',
        json: '1',
      },
    ]);
  });

  it('rejects with SmsSendError when the gateway refuses the number or the key, without the text', async () => {
    const provider = createSmsRuProvider({ apiId: 'test-api-id', baseUrl });
    fake.setMode('bad-number');
    const refused = provider.send('79001234567', 'Код для входа: 12345.');
    await expect(refused).rejects.toBeInstanceOf(SmsSendError);
    await expect(refused).rejects.toThrow(/207/);
    await expect(refused).rejects.not.toThrow(/12345/);
    fake.setMode('bad-key');
    await expect(provider.send('79001234567', 'x')).rejects.toThrow(/api_id/);
    const nobody = createSmsRuProvider({ apiId: 'test-api-id', baseUrl: 'http://127.0.0.1:1' });
    await expect(nobody.send('79001234567', 'x')).rejects.toBeInstanceOf(SmsSendError);
  });

  it('drives the login API: a code reaches the gateway; a gateway error is a 503 and frees the resend gap', async () => {
    const t = await createTestApp({ sms: createSmsRuProvider({ apiId: 'test-api-id', baseUrl }) });
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/auth/phone',
        payload: { phone: '79001234567' },
      });
      expect(sent.statusCode).toBe(200);
      const code = /(\d{5})/.exec(fake.received[0]?.msg ?? '')?.[1] ?? '';
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { phone: '79001234567', token: code },
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await t.app.inject('/api/dev/outbox')).statusCode).toBe(404);

      fake.setMode('bad-number');
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/phone',
        payload: { phone: '79007654321' },
      });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toBe('Не удалось отправить СМС. Попробуйте позже.');
      fake.setMode('ok');
      const retried = await t.app.inject({
        method: 'POST',
        url: '/api/auth/phone',
        payload: { phone: '79007654321' },
      });
      expect(retried.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
