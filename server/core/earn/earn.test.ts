import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import type { ContentCache } from '#server/lib/content-cache';
import { systemClock } from '../clock';
import { EARN_LIMITS_DEFAULT } from '#common/contract/earn-limits';
import { earnFor } from './earn';

/** A database that fails the test on any use: the earn path must not query it (decision 027 "Levels"). */
const noDb = new Proxy({} as Db, {
  get: (_, name) => {
    throw new Error(`the earn path queried the database (${String(name)})`);
  },
});
const cacheWith = (levels: unknown[]) =>
  ({
    get: async (key: string) =>
      key === 'earn-campaigns'
        ? { rows: [], rules: [] }
        : { timeZone: 'Europe/Moscow', levels, earnLimits: EARN_LIMITS_DEFAULT },
  }) as unknown as ContentCache;

describe('earnFor and levels', () => {
  const request = { cheque: 100_000, earnable: 100_000, point: { id: 1, currentBonus: 3 }, userId: 'u-1' };

  it('levels off: no query, the point’s rate', async () => {
    const result = await earnFor({ db: noDb, cache: cacheWith([]), clock: systemClock }, request);
    expect(result).toEqual({
      earn: 3_000,
      rules: [{ kind: 'BASE', id: null, title: 'Базовое начисление 3%', percent: 3, from: 'POINT' }],
      rate: 300,
      pointPercent: 3,
    });
  });

  it('levels on but no member (the operator’s preview): no query', async () => {
    const levels = [{ title: 'Золотой', fromSpend: 0, earnPercent: 7 }];
    const { userId: _, ...anonymous } = request;
    const result = await earnFor({ db: noDb, cache: cacheWith(levels), clock: systemClock }, anonymous);
    expect(result.earn).toBe(3_000);
  });
});
