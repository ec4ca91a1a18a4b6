import { startIntervalJob } from '../../lib/interval-job';
import { releaseExpiredTillHolds } from './expire-holds';
import type { TillDeps } from './operation-rows';

/**
 * Releases expired till holds every `intervalMs` in this process (docs/decisions/015). Each run is idempotent
 * (every till hold moves by conditional updates and keyed ledger postings), so several instances may run it at once.
 */
export function startTillHoldReleaseJob(
  deps: TillDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => releaseExpiredTillHolds(deps), options);
}
