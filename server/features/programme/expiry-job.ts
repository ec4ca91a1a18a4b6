import { startIntervalJob } from '#server/lib/interval-job';
import { birthdayBonuses, rewardReferrals } from './event-jobs';
import { expireLots, warnExpiringLots, type ExpiryDeps } from './expire-lots';
import { releasePendingBonuses } from '#server/core/earn/pending';

/**
 * Makes pending bonuses spendable when their return window passes (decision 030), expires bonus lots, sends the expiry warnings, and credits the referral and birthday bonuses every
 * `intervalMs` in this process (decision 027). Each posting has its own key (a lot, a referral, a birthday and
 * year), a lot expires under its customer's account lock and the warnings are claimed SKIP LOCKED, so several
 * instances may run it at once.
 */
export function startBonusExpiryJob(
  deps: ExpiryDeps,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  // Each step on its own: one that fails (and is reported) does not hold back the others until it clears.
  const steps = [releasePendingBonuses, expireLots, warnExpiringLots, rewardReferrals, birthdayBonuses];
  return startIntervalJob(async () => {
    for (const step of steps) {
      try {
        await step(deps);
      } catch (error) {
        options.onError(error);
      }
    }
  }, options);
}
