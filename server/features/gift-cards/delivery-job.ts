import { deliverDueGiftCards, DELIVERY, type DeliveryDeps } from './delivery';

/**
 * Sends due gift-card SMS every `intervalMs` in this process (docs/decisions/017). Runs claim their rows
 * (a lease, FOR UPDATE SKIP LOCKED), so several instances, or a run that overlaps the previous one, never
 * send a card twice; a restart leaves nothing behind but claims that expire.
 */
export function startGiftCardDeliveryJob(
  deps: DeliveryDeps,
  options: { intervalMs?: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return; // one run at a time in this process; the next tick catches up
    running = deliverDueGiftCards(deps)
      .then(() => undefined)
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs ?? DELIVERY.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
