import { startIntervalJob } from '../../lib/interval-job';
import { expireLots, warnExpiringLots, type ExpiryDeps } from './expire-lots';

/**
 * Expires bonus lots and sends the expiry warnings every `intervalMs` in this process (decision 027). Both claim
 * their rows FOR UPDATE SKIP LOCKED, and each expiry posts under the lot's own key, so several instances may run
 * it at once.
 */
export function startBonusExpiryJob(
  deps: ExpiryDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(async () => {
    await expireLots(deps);
    await warnExpiringLots(deps);
  }, options);
}
