import { startIntervalJob } from '#server/lib/interval-job';
import { deliverDueGiftCards, DELIVERY, type DeliveryDeps } from './delivery';

/**
 * Sends due gift-card SMS every `intervalMs` in this process (docs/decisions/017). Runs claim their rows
 * (a lease, FOR UPDATE SKIP LOCKED), so several instances, or a run that overlaps the previous one, never
 * send a card twice; a restart leaves nothing behind but claims that expire.
 */
export function startGiftCardDeliveryJob(
  deps: DeliveryDeps,
  options: { intervalMs?: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => deliverDueGiftCards(deps), {
    intervalMs: options.intervalMs ?? DELIVERY.intervalMs,
    onError: options.onError,
  });
}
