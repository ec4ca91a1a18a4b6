import { DAY_FORMS, formatBonuses, formatCount } from '#common/lib/format';
import { toRoubles } from '#server/core/money';
import { sendPushToMember, type PushDelivery } from '#server/integrations/push/push-sender';
import type { TillDeps } from './operation-rows';

/**
 * The service push after a purchase at the till (decision 077): the bonuses it earned, on the member's browsers
 * where notifications are on. Service, not advertising: it names the member's own bonuses and no offer, so it
 * needs no consent to advertising (decision 072's line) and is sent at any hour, like the cheque. It leaves the
 * till's answer alone: sent after the operation is committed, and its failure is only the push's.
 */
export function pushBonusesEarned(
  deps: TillDeps,
  earned: { userId: string; earn: number; pointTitle: string; pendingDays: number },
): Promise<PushDelivery | null> {
  const later =
    earned.pendingDays > 0
      ? ` Потратить их можно будет через ${formatCount(earned.pendingDays, DAY_FORMS)}.`
      : '';
  return sendPushToMember(deps, earned.userId, {
    title: 'Бонусы за покупку',
    body: `Начислено ${formatBonuses(toRoubles(earned.earn))} за покупку в «${earned.pointTitle}».${later}`,
    url: '/profile?t=operations',
  }).catch(() => null);
}
