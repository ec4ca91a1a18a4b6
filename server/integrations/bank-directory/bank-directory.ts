import { sbpBankDirectorySchema, type SbpBankDirectory } from '#common/contract/sbp';
import type { Clock } from '#server/core/clock';
import bundled from '#server/data/sbp-banks.json' with { type: 'json' };

/** The bundled list, checked once at start: a typo in the data file fails the tests, not a customer. */
export const bundledBankDirectory: SbpBankDirectory = sbpBankDirectorySchema.parse(bundled);

export interface BankDirectory {
  /** The freshest directory we have: the configured one when it answered, else the bundled list. */
  current(): Promise<SbpBankDirectory>;
}

export interface BankDirectoryOptions {
  /** SBP_BANKS_URL; null serves the bundled list and never touches the network. */
  url: string | null;
  clock: Clock;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** How long a fetched directory is kept; NSPK changes it a few times a month. */
  ttlMs?: number;
  /** After a failure, wait this long before trying again, so a dead URL costs one timeout per period. */
  retryMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Fetches the directory on first use and again when it is older than `ttlMs`. Concurrent callers share one
 * request; any failure (network, timeout, HTTP status, JSON, schema) answers the bundled list.
 */
export function createBankDirectory(options: BankDirectoryOptions): BankDirectory {
  const { url, clock } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const ttlMs = options.ttlMs ?? 6 * 60 * 60 * 1000;
  const retryMs = options.retryMs ?? 5 * 60 * 1000;
  let cached: SbpBankDirectory = bundledBankDirectory;
  let nextRefreshAt = 0;
  let inFlight: Promise<void> | null = null;

  async function refresh(target: string) {
    try {
      const response = await fetchImpl(target, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`SBP bank directory answered HTTP ${response.status}`);
      cached = sbpBankDirectorySchema.parse(await response.json());
      nextRefreshAt = clock.now().getTime() + ttlMs;
    } catch (error) {
      // Keep what we had (a previous good fetch or the bundled list) and try again later.
      nextRefreshAt = clock.now().getTime() + retryMs;
      options.onError?.(error);
    }
  }

  return {
    async current() {
      if (!url) return bundledBankDirectory;
      if (clock.now().getTime() >= nextRefreshAt) {
        inFlight ??= refresh(url).finally(() => {
          inFlight = null;
        });
        await inFlight;
      }
      return cached;
    },
  };
}
