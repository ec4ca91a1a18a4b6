import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '#server/lib/loopback-client';
import { login, sendPhone } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const PHONE = '79001112233';
const REMOTE = '203.0.113.9';

/**
 * A server started without NODE_ENV=production (or without AUTH_SECRET) serves its development conveniences
 * to this machine only (decision 049): the outboxes and the clock handle, and tokens signed with the public
 * development secret. "This machine" is the socket's address and every address a proxy header names, so
 * X-Forwarded-For cannot claim it, whatever TRUST_PROXY says.
 */
describe('development conveniences answer loopback clients only', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY=true: request.ip believes X-Forwarded-For, the loopback decision must not.
    t = await createTestApp({ config: { env: 'development', trustProxy: true } });
  });
  afterAll(() => t.close());

  const outboxFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/dev/outbox?phone=${PHONE}`, remoteAddress, headers });

  it('shows the SMS outbox on this machine, and to nobody else, whatever the proxy headers claim', async () => {
    expect((await sendPhone(t, PHONE, REMOTE)).statusCode).toBe(200);
    const local = await outboxFrom('127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.json()).toHaveLength(1);
    expect((await outboxFrom('::1')).statusCode).toBe(200);
    expect((await outboxFrom('::ffff:127.0.0.1')).statusCode).toBe(200);

    for (const [remoteAddress, headers] of [
      [REMOTE, {}],
      [REMOTE, { 'x-forwarded-for': '127.0.0.1' }],
      [REMOTE, { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }],
      // A proxy on this machine forwarding a visitor from outside (it names them).
      ['127.0.0.1', { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` }],
      ['127.0.0.1', { 'x-real-ip': REMOTE }],
      ['127.0.0.1', { forwarded: `for="${REMOTE}:4711";proto=https` }],
      ['127.0.0.1', { forwarded: 'for=unknown' }],
    ] as const) {
      const answer = await outboxFrom(remoteAddress, headers);
      expect(answer.statusCode, `${remoteAddress} ${JSON.stringify(headers)}`).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(answer.body).not.toContain(PHONE);
    }
    const mail = await t.app.inject({ url: '/api/dev/mail', remoteAddress: REMOTE });
    expect(mail.statusCode).toBe(404);
  });

  it('honours a token signed with the development secret only from this machine', async () => {
    const { token } = await login(t, '79001112234');
    const info = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        url: '/api/user/info',
        remoteAddress,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
    expect((await info('127.0.0.1')).statusCode).toBe(200);
    for (const [remoteAddress, headers] of [
      [REMOTE, {}],
      [REMOTE, { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { 'x-forwarded-for': REMOTE }],
    ] as const) {
      const answer = await info(remoteAddress, headers);
      expect(answer.statusCode, `${remoteAddress} ${JSON.stringify(headers)}`).toBe(401);
      expect(answer.json()).toMatchObject({ message: 'Invalid Token' });
    }
  });

  it('honours tokens from anywhere once AUTH_SECRET is set', async () => {
    const own = await createTestApp({
      database: t.database,
      config: {
        env: 'development',
        authSecret: 'a-deployment-own-secret-0123456789abcdef',
        authSecretIsDefault: false,
      },
    });
    try {
      const { token } = await login(own, '79001112235');
      const answer = await own.app.inject({
        url: '/api/user/info',
        remoteAddress: REMOTE,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(200);
      // The outbox is still this machine's only.
      expect((await own.app.inject({ url: '/api/dev/outbox', remoteAddress: REMOTE })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });

  it('tells loopback addresses from others', () => {
    for (const yes of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '[::1]:3000',
      '::ffff:127.0.0.1',
      '127.0.0.1:80',
    ])
      expect(isLoopbackAddress(yes), yes).toBe(true);
    for (const no of [
      '',
      'unknown',
      '_hidden',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      '::',
      'localhost',
    ])
      expect(isLoopbackAddress(no), no).toBe(false);
  });
});
