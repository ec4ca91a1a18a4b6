import { releaseExpiredTillHolds, type TillDeps } from './service';

/**
 * Releases expired till holds every `intervalMs` in this process (docs/decisions/015). Each run is idempotent (every
 * till hold moves by conditional updates and keyed ledger postings), so several instances may run it at once.
 */
export function startTillHoldReleaseJob(
  deps: TillDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return; // one run at a time; the next tick catches up
    running = releaseExpiredTillHolds(deps)
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
