import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client';
import { createRedisRateLimiter } from '#server/lib/redis-rate-limit';
import type { RateLimiter } from '#server/lib/rate-limit';
import { outbox, sendPhone } from '#server/test/auth-kit';
import { startFakeRedis, type FakeRedis } from '#server/test/fake-redis';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createTestDatabase } from '#server/test/test-database';

const phoneOf = (i: number) => `7912300${String(i).padStart(4, '0')}`;

/**
 * With Redis away, the limited requests answer 503 (decision 019) while the rest of the site answers as usual
 * (decision 049): no limit is taken inside a database transaction, and once Redis is known to be down the
 * limiter stops asking it until a probe finds it back.
 */
describe('sending login codes while Redis is away', () => {
  let database: Database;
  let redis: FakeRedis | null = null;
  let limiter: RateLimiter | null = null;
  let t: TestApp | null = null;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await t?.close();
    await limiter?.close();
    await redis?.close();
    t = limiter = redis = null;
  });
  afterAll(() => database.close());

  const appOn = async (mode: 'silent' | 'hung', commandTimeoutMs?: number) => {
    redis = await startFakeRedis(mode);
    limiter = createRedisRateLimiter({
      url: redis.url,
      keyPrefix: 'test:',
      probeIntervalMs: 50,
      commandTimeoutMs,
    });
    t = await createTestApp({ database, rateLimiter: limiter });
    return t;
  };

  it('keeps /readyz and the content answering while 10 code requests wait for a Redis that does not answer', async () => {
    // Redis takes the connection and never answers a command: each send waits its command's timeout (10 s here,
    // so what follows cannot come from a slow machine); nothing else should wait with it.
    const app = await appOn('hung', 10_000);
    expect((await app.app.inject('/readyz')).statusCode).toBe(200);
    let answered = 0;
    const sends = Array.from({ length: 10 }, (_, i) =>
      sendPhone(app, phoneOf(i), `203.0.113.${i + 1}`).then((answer) => {
        answered += 1;
        return answer;
      }),
    );
    // All ten wait for Redis at once (a limit taken inside a transaction let only one wait at a time).
    await vi.waitFor(() => expect(redis!.commands()).toBe(10), { timeout: 8000, interval: 20 });
    const [ready, content] = await Promise.all([app.app.inject('/readyz'), app.app.inject('/api/news')]);
    expect(ready.statusCode).toBe(200);
    expect(content.statusCode).toBe(200);
    expect(answered).toBe(0);
    const answers = await Promise.all(sends);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'UNAVAILABLE', message: /временно недоступен/ });
    }
    const sent = await Promise.all(answers.map((_, i) => outbox(app, phoneOf(i))));
    expect(sent.flat()).toEqual([]);
  }, 60_000);

  it('answers 503 and keeps /readyz up with a Redis address that swallows connections (a black hole)', async () => {
    const app = await appOn('silent');
    const [answer, ready] = await Promise.all([
      sendPhone(app, phoneOf(50), '203.0.113.50'),
      app.app.inject('/readyz'),
    ]);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(ready.statusCode).toBe(200);
  });

  it('stops asking a Redis known to be down, and counts again once a probe finds it back', async () => {
    const app = await appOn('hung');
    const first = await Promise.all(
      Array.from({ length: 3 }, (_, i) => sendPhone(app, phoneOf(20 + i), '203.0.113.30')),
    );
    expect(first.map((a) => a.statusCode)).toEqual([503, 503, 503]);
    const asked = redis!.commands();
    expect(asked).toBeGreaterThan(0);

    // The breaker is open: the next requests are refused without a command reaching Redis.
    const next = await Promise.all(
      Array.from({ length: 5 }, (_, i) => sendPhone(app, phoneOf(30 + i), '203.0.113.31')),
    );
    expect(next.map((a) => a.statusCode)).toEqual([503, 503, 503, 503, 503]);
    expect(next[0]!.json()).toMatchObject({ code: 'UNAVAILABLE' });
    // Only the probe's PINGs, one at a time, reach it meanwhile; none of the requests' limits.
    const probes = redis!.commands() - asked;
    expect(probes).toBeLessThanOrEqual(2);

    // Redis answers again: a probe closes the breaker and the sends are counted and sent.
    redis!.setMode('answer');
    await vi.waitFor(
      async () => {
        expect((await sendPhone(app, phoneOf(40), '203.0.113.32')).statusCode).toBe(200);
      },
      { timeout: 5000, interval: 50 },
    );
    expect(await outbox(app, phoneOf(40))).toHaveLength(1);
  });
});
