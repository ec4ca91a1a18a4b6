import type { AppDeps } from '#server/app-deps';
import type { AuthUser } from '#server/lib/callers';
import { takeOrRefuse } from '#server/lib/rate-limit';

/**
 * Drafts (new or recomputed) one temporary payer may ask for in an hour: a shopper pays once or twice and
 * toggles a switch or two each time, so 30 is far above any person and far below a script (decision 051).
 */
export const TEMPORARY_PAYER_DRAFTS_PER_HOUR = 30;

/**
 * A payer without a phone (`temp-<uuid>`, api/loyalty/createUser) is limited in what it does, not in how many
 * of them one address holds: a shop's Wi-Fi or a carrier's NAT puts many real shoppers behind one address, while
 * each shopper needs only a few drafts. A logged-in customer is not limited here.
 */
export async function limitTemporaryPayer(
  deps: Pick<AppDeps, 'db' | 'clock' | 'rateLimiter'>,
  user: AuthUser,
) {
  if (!user.phone.startsWith('temp-')) return;
  await takeOrRefuse(deps, {
    key: `loyalty-draft:payer:${user.userId}`,
    max: TEMPORARY_PAYER_DRAFTS_PER_HOUR,
    windowMs: 3_600_000,
    message: 'Слишком много попыток оплаты. Попробуйте позже',
  });
}
