import { Redis } from 'ioredis';
import { AppError } from '../errors';
import type { RateLimiter } from './rate-limit';

/**
 * One fixed window per key, atomically in Redis: a full window answers its remaining milliseconds and is not
 * incremented (like the database's upsert, a refused event is not counted); otherwise the count goes up and the
 * first event of a window sets its expiry. A key left without an expiry (cannot happen through this script,
 * but a hand-made key could) gets one, so nothing is blocked for ever.
 */
const TAKE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return ttl
end
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return -1
`;

type WithTake = Redis & { takeFromWindow(key: string, limit: number, windowMs: number): Promise<number> };

export const LIMITS_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте через минуту.';

export interface RedisRateLimiterOptions {
  url: string;
  /** Put before every key, so several deployments (or a test run) can share one Redis. */
  keyPrefix: string;
  /** Told when Redis goes away and when it is back (once per change, not per failed command). */
  onStateChange?: (state: 'up' | 'down', error?: Error) => void;
}

/**
 * The limits counted in Redis. Commands fail fast when Redis is out (one reconnection try, 1 s per command),
 * and the limiter then refuses with a 503 unless the caller asked for `allow` (docs/decisions/019): for the
 * SMS sends, the gift-card codes and the invoices' e-mails a limit that is not counted is a limit that is not
 * there.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    // Keep trying in the background, at most every 2 s; requests meanwhile are refused, not queued for long.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  }) as WithTake;
  redis.defineCommand('takeFromWindow', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  let up: boolean | null = null;
  const report = (next: boolean, error?: Error) => {
    if (up === next) return;
    const wasKnown = up !== null;
    up = next;
    if (wasKnown || !next) options.onStateChange?.(next ? 'up' : 'down', error);
  };
  redis.on('ready', () => report(true));
  // Without a listener ioredis prints every failed reconnection; the state change is what matters.
  redis.on('error', (error: Error) => report(false, error));
  redis.on('end', () => report(false));

  return {
    kind: 'redis',
    async take(_db, key, limit, windowMs, now, takeOptions) {
      let ttl: number;
      try {
        ttl = await redis.takeFromWindow(key, limit, Math.max(1, Math.round(windowMs)));
      } catch (error) {
        report(false, error as Error);
        if (takeOptions?.whenUnavailable === 'allow') return null;
        throw new AppError('UNAVAILABLE', LIMITS_UNAVAILABLE_MESSAGE);
      }
      // A command that timed out marked Redis down without the connection dropping: an answer marks it up.
      report(true);
      return ttl < 0 ? null : new Date(now.getTime() + ttl);
    },
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
