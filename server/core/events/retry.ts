/**
 * When a delivery is tried again (decision 073): 30 s after the first failure, doubling, at most 6 h apart;
 * retrying stops 3 days after the event (or after a replay), as Stripe's retries do.
 */
export const WEBHOOK_RETRY = {
  firstDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60_000,
  giveUpAfterMs: 3 * 24 * 60 * 60_000,
} as const;

/** The pause after the `attempts`-th failed attempt (1-based). */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(WEBHOOK_RETRY.firstDelayMs * 2 ** exponent, WEBHOOK_RETRY.maxDelayMs);
}
