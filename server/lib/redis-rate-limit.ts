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
  /** How often a Redis known to be down is pinged (default 1 s; tests shorten it). */
  probeIntervalMs?: number;
  /** How long one command may take (default 1 s; tests lengthen it to tell waiting from not waiting). */
  commandTimeoutMs?: number;
}

/**
 * The limits counted in Redis. Commands fail fast when Redis is out (one reconnection try, 1 s per command),
 * and the limiter then refuses with a 503 unless the caller asked for `allow` (docs/decisions/019): for the
 * SMS sends, the gift-card codes and the invoices' e-mails a limit that is not counted is a limit that is not
 * there. Once a command has failed, Redis is known to be down (a breaker, decision 049): every `take` answers
 * at once without asking it, and a PING every `probeIntervalMs`, one at a time, finds it back. Without that,
 * every limited request would wait its second for a Redis that does not answer.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const probeIntervalMs = options.probeIntervalMs ?? 1000;
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    connectTimeout: 2000,
    // Keep trying in the background, at most every 2 s; requests meanwhile are refused, not queued for long.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  }) as WithTake;
  redis.defineCommand('takeFromWindow', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  /** null until the first answer or failure; false is the open breaker. */
  let up: boolean | null = null;
  let probe: NodeJS.Timeout | null = null;
  let closed = false;
  const scheduleProbe = () => {
    if (probe || closed) return;
    probe = setTimeout(() => {
      redis.ping().then(
        () => {
          probe = null;
          report(true);
        },
        () => {
          probe = null;
          if (up === false) scheduleProbe();
        },
      );
    }, probeIntervalMs);
    probe.unref();
  };
  const report = (next: boolean, error?: Error) => {
    if (up === next) return;
    const wasKnown = up !== null;
    up = next;
    if (!next) scheduleProbe();
    if (wasKnown || !next) options.onStateChange?.(next ? 'up' : 'down', error);
  };
  // A new connection (after a drop) is not trusted until the probe's PING is answered: a Redis that accepts
  // connections but answers nothing would otherwise make every request wait again.
  redis.on('ready', () => {
    if (up === null) report(true);
  });
  // Without a listener ioredis prints every failed reconnection; the state change is what matters.
  redis.on('error', (error: Error) => report(false, error));
  redis.on('end', () => report(false));

  return {
    kind: 'redis',
    async take(_db, key, limit, windowMs, now, takeOptions) {
      const unavailable = () => {
        if (takeOptions?.whenUnavailable === 'allow') return null;
        throw new AppError('UNAVAILABLE', LIMITS_UNAVAILABLE_MESSAGE);
      };
      if (up === false) return unavailable();
      let ttl: number;
      try {
        ttl = await redis.takeFromWindow(key, limit, Math.max(1, Math.round(windowMs)));
      } catch (error) {
        report(false, error as Error);
        return unavailable();
      }
      // A command answered: Redis is up (a timed-out command marked it down without the connection dropping).
      report(true);
      return ttl < 0 ? null : new Date(now.getTime() + ttl);
    },
    async close() {
      closed = true;
      if (probe) clearTimeout(probe);
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
