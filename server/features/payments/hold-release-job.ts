import { startIntervalJob } from '../../lib/interval-job';
import type { PaymentsDeps } from './draft-rows';
import { releaseExpiredHolds } from './expire-drafts';

/**
 * Releases expired holds every `intervalMs` in this process (docs/decisions/009). Each run is idempotent (every
 * draft moves by conditional updates and keyed ledger postings), so several instances may run it at once.
 */
export function startHoldReleaseJob(
  deps: PaymentsDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => releaseExpiredHolds(deps), options);
}
