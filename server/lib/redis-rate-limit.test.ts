import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Database } from '../db/client';
import { TEMPORARY_USERS_PER_HOUR } from '../features/auth/temporary-user';
import { AUTH_LIMITS } from '../features/auth/limits';
import { outbox, sendPhone } from '../test/auth-kit';
import { createRedisRateLimiter } from './redis-rate-limit';
import type { RateLimiter } from './rate-limit';

/** The machine's Redis; each run counts under its own prefix and deletes its keys afterwards. */
const REDIS_URL = 'redis://127.0.0.1:6379/0';
/** A port of this tree's range where nothing listens: Redis "out". */
const DEAD_REDIS_URL = 'redis://127.0.0.1:4199/0';
const prefix = `kopilka-test:${randomUUID()}:`;

const limiters: RateLimiter[] = [];
const redisLimiter = (url = REDIS_URL) => {
  const limiter = createRedisRateLimiter({ url, keyPrefix: prefix });
  limiters.push(limiter);
  return limiter;
};
/**
 * Waits until a limiter has counted once: on a busy machine its first commands can time out while it connects,
 * and the breaker then refuses until its probe finds Redis (decision 049); the limits below are about counting.
 */
async function connected(limiter: RateLimiter) {
  await vi.waitFor(() => limiter.take(null as never, `warm:${randomUUID()}`, 1, 1000, new Date()), {
    timeout: 10_000,
    interval: 100,
  });
  return limiter;
}
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limits counted in Redis (REDIS_URL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await database.close();
  });

  it('counts up to the limit in a fixed window, answers when it ends, and opens again after it', async () => {
    const limiter = redisLimiter();
    const now = new Date();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.take(database.db, 'window', 3, 400, now));
    expect(results.slice(0, 3)).toEqual([null, null, null]);
    const until = results[3]!;
    expect(until.getTime() - now.getTime()).toBeGreaterThan(0);
    expect(until.getTime() - now.getTime()).toBeLessThanOrEqual(400);
    // A refusal is not counted: the window still ends when the first event's did.
    const again = await limiter.take(database.db, 'window', 3, 400, now);
    expect(again!.getTime()).toBeLessThanOrEqual(until.getTime());
    await sleep(450);
    expect(await limiter.take(database.db, 'window', 3, 400, new Date())).toBeNull();
  });

  it('counts exactly the limit under 100 parallel calls from two clients', async () => {
    const a = redisLimiter();
    const b = redisLimiter();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b).take(database.db, 'parallel', 17, 60_000, new Date()),
      ),
    );
    expect(answers.filter((x) => x === null)).toHaveLength(17);
    expect(answers.filter((x) => x instanceof Date)).toHaveLength(83);
  });

  describe('two app instances on one database and one Redis', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await createTestApp({
        database,
        rateLimiter: await connected(redisLimiter()),
        config: { smsDailyBudget: 1000 },
      });
      second = await createTestApp({
        database,
        rateLimiter: await connected(redisLimiter()),
        config: { smsDailyBudget: 1000 },
      });
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('share the per-address SMS limit: sends spread over both never pass 20 an hour', async () => {
      const phones = Array.from({ length: 30 }, (_, i) => `7911000${String(i).padStart(4, '0')}`);
      const answers = await Promise.all(
        phones.map((phone, i) => sendPhone(i % 2 ? first : second, phone, '203.0.113.50')),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(AUTH_LIMITS.ipSendsPerWindow);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - AUTH_LIMITS.ipSendsPerWindow);
      // Each instance keeps its own development outbox: what both sent together.
      const sent = await Promise.all(
        phones.flatMap((phone) => [outbox(first, phone), outbox(second, phone)]),
      );
      expect(sent.flat()).toHaveLength(AUTH_LIMITS.ipSendsPerWindow);
      // Counted in Redis, not in the database.
      const rows = await database.db.execute(sql`select key from rate_limits where key like 'sms-ip:%'`);
      expect(rowsOf(rows)).toEqual([]);
    });

    it('share the temporary users limit per address', async () => {
      const create = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/loyalty/createUser',
          payload: {},
          remoteAddress: '203.0.113.51',
        });
      const answers = await Promise.all(
        Array.from({ length: TEMPORARY_USERS_PER_HOUR + 6 }, (_, i) => create(i % 2 ? first : second)),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(TEMPORARY_USERS_PER_HOUR);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    });
  });

  describe('with Redis out', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ database, rateLimiter: redisLimiter(DEAD_REDIS_URL) });
    });
    afterAll(() => t.close());

    it('refuses an SMS send with 503 and a message, and sends nothing', async () => {
      const answer = await sendPhone(t, '79112223344', '203.0.113.60');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'UNAVAILABLE', message: /временно недоступен/ });
      expect(await outbox(t, '79112223344')).toEqual([]);
    });

    it('refuses a gift-card code reveal, but still shows a card page (which holds no code)', async () => {
      const id = 'A'.repeat(22);
      const reveal = await t.app.inject({
        method: 'POST',
        url: `/api/gc/card/${id}/reveal`,
        payload: { last4: '1234' },
      });
      expect(reveal.statusCode).toBe(503);
      const view = await t.app.inject(`/api/gc/card/${id}`);
      expect(view.statusCode).toBe(404);
    });
  });
});
