import { releaseExpiredHolds, type PaymentsDeps } from './drafts';

/**
 * Releases expired holds every `intervalMs` in this process (docs/decisions/009). Each run is idempotent (every
 * draft moves by conditional updates and keyed ledger postings), so several instances may run it at once.
 */
export function startHoldReleaseJob(
  deps: PaymentsDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return; // one run at a time; the next tick catches up
    running = releaseExpiredHolds(deps)
      .then(() => undefined)
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
