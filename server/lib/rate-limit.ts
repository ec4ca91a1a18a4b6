import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deleteBatch } from '../db/delete-batch';
import { rateLimits } from '../db/schema/auth';
import { tooManyRequests } from '../errors';

/**
 * What to do when the shared counter cannot be reached (only Redis can be out while the database answers):
 * `refuse` answers 503 (limits that protect money or secrets), `allow` lets the request through uncounted.
 */
export type WhenUnavailable = 'refuse' | 'allow';

/**
 * Fixed-window limits shared by every instance: in the database (`rate_limits`) by default, in Redis when
 * REDIS_URL is set (docs/decisions/019). `take` counts one event: null when counted, else when the window ends.
 */
export interface RateLimiter {
  readonly kind: 'database' | 'redis';
  /**
   * `db` is the database or the caller's transaction: the database limiter counts there, so a refusal later
   * in the same transaction gives the count back; Redis counts at once and keeps it.
   */
  take(
    db: Db,
    key: string,
    limit: number,
    windowMs: number,
    now: Date,
    options?: { whenUnavailable?: WhenUnavailable },
  ): Promise<Date | null>;
  close(): Promise<void>;
}

/** What counting against a limit needs: the database (or a transaction), the limiter and the time. */
export interface LimitDeps {
  db: Db;
  rateLimiter: RateLimiter;
  clock: { now(): Date };
}

/**
 * Counts one event against `key`'s window; past `max`, refuses the request with a 429 saying `message` and
 * when to try again (`Retry-After`).
 */
export async function takeOrRefuse(
  deps: LimitDeps,
  limit: { key: string; max: number; windowMs: number; message: string; whenUnavailable?: WhenUnavailable },
): Promise<void> {
  const now = deps.clock.now();
  const until = await deps.rateLimiter.take(deps.db, limit.key, limit.max, limit.windowMs, now, {
    whenUnavailable: limit.whenUnavailable,
  });
  if (until) throw tooManyRequests(limit.message, (until.getTime() - now.getTime()) / 1000);
}

/** An identifier as a limit's key carries it: hashed, so `rate_limits` (or Redis) never lists card numbers or links. */
export const hashedKeyPart = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 32);

export const databaseRateLimiter: RateLimiter = {
  kind: 'database',
  take: (db, key, limit, windowMs, now) => takeFromWindow(db, key, limit, windowMs, now),
  close: async () => undefined,
};

/**
 * Counts one event against a fixed window in one statement: the row is created, reset when its window has
 * passed, or incremented only while under the limit. Returns null when counted, else when the window ends.
 * Atomic on PostgreSQL under concurrency (the upsert locks the row), so it holds across instances.
 */
export async function takeFromWindow(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<Date | null> {
  const windowOpen = new Date(now.getTime() - windowMs);
  const expired = sql`${rateLimits.windowStart} <= ${windowOpen.toISOString()}::timestamptz`;
  const counted = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${limit}`,
    })
    .returning({ key: rateLimits.key });
  if (counted.length > 0) return null;
  const [row] = await db
    .select({ windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  return new Date((row?.windowStart ?? now).getTime() + windowMs);
}

/** The longest window any limit counts over (the SMS budget, the gift-card reveals per address): 24 hours. */
const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/**
 * A key whose window is longer than a day starts with this (the last-4 tries at a gift card: a year, decision
 * 047); its row is kept for a year and a day.
 */
export const LONG_WINDOW_PREFIX = 'long:';
const LONG_WINDOW_MS = 366 * 24 * 60 * 60_000;

/**
 * Deletes up to `batch` rows of `rate_limits` whose window ended a day or more ago: nothing counts against them
 * any more, and a key that comes back starts a new window anyway (decision 044). Redis keys expire on their own.
 */
export function purgeEndedWindows(db: Db, now: Date, batch: number): Promise<number> {
  const ended = new Date(now.getTime() - LONGEST_WINDOW_MS - 24 * 60 * 60_000);
  const longEnded = new Date(now.getTime() - LONG_WINDOW_MS - 24 * 60 * 60_000);
  const isLong = sql`${rateLimits.key} like ${`${LONG_WINDOW_PREFIX}%`}`;
  const where = sql`${lt(rateLimits.windowStart, ended)} and (not ${isLong} or ${lt(rateLimits.windowStart, longEnded)})`;
  return deleteBatch(db, rateLimits, rateLimits.key, where, batch);
}
