import { releaseExpiredCoupons } from './core/coupons/holds';
import { releaseExpiredHolds } from './features/payments/expire-drafts';
import type { PaymentsDeps } from './features/payments/draft-rows';
import { releaseExpiredTillHolds } from './features/till/expire-holds';
import type { TillDeps } from './features/till/operation-rows';
import { startIntervalJob } from './lib/interval-job';

/** A failed part of a run, with what was being done: the log line's message. */
type OnError = (error: unknown, what: string) => void;

/**
 * One run of the hold-release job (decisions 009, 015, 056): the shop payments' expired holds, then the till's.
 * A part that fails is reported with its own label and never stops the other. Each part is idempotent
 * (conditional updates and keyed ledger postings), so several instances may run it at once. It lives above the
 * features because it composes two of them, as main.ts does. Answers how many holds each part looked at.
 */
export async function releaseAllExpiredHolds(deps: PaymentsDeps & TillDeps, onError: OnError) {
  const looked = { payments: 0, till: 0, coupons: 0 };
  await releaseExpiredHolds(deps).then(
    (n) => (looked.payments = n),
    (error) => onError(error, 'releasing expired payment holds failed'),
  );
  await releaseExpiredTillHolds(deps).then(
    (n) => (looked.till = n),
    (error) => onError(error, 'releasing expired till holds failed'),
  );
  // Codes held at a till's preview whose cheque never closed (decision 064).
  await releaseExpiredCoupons(deps.db, deps.clock.now()).then(
    (n) => (looked.coupons = n),
    (error) => onError(error, 'releasing expired coupon holds failed'),
  );
  return looked;
}

/** The job: `releaseAllExpiredHolds` every `intervalMs` (HOLD_RELEASE_INTERVAL_MS) in this process. */
export function startHoldReleaseJob(
  deps: PaymentsDeps & TillDeps,
  options: { intervalMs: number; onError: OnError },
) {
  return startIntervalJob(() => releaseAllExpiredHolds(deps, options.onError), {
    intervalMs: options.intervalMs,
    onError: (error) => options.onError(error, 'releasing expired holds failed'),
  });
}
