import { startIntervalJob } from '#server/lib/interval-job';
import { sendDueReceipts, type FiscalJobDeps } from './send-receipts';

/**
 * Sends and polls the outbox's fiscal receipts every `intervalMs` in this process (decision 070). Runs claim
 * their rows with a lease, so several instances, or a run overlapping the last, never handle one twice; the
 * provider's external id makes even a re-send after a crash one receipt.
 */
export function startFiscalJob(
  deps: FiscalJobDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  return startIntervalJob(() => sendDueReceipts(deps), options);
}
