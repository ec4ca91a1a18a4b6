import type { ReceiptItem } from '#common/contract/receipt';
import type { BrandSettings } from '#common/contract/header';
import type { TillOperation } from '#common/contract/till';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { postTransaction } from '#server/core/ledger';
import { useCoupon } from '#server/core/coupons/holds';
import { earnCredit } from '#server/core/earn/pending';
import { fromRoubles, kopecks } from '#server/core/money';
import type { ReceiptLine } from '#server/core/receipt/lines';
import { earnForReceipt } from '#server/core/receipt/receipt-earn';
import { checkSameReceipt, writeReceiptLines } from '#server/core/receipt/receipt-rows';
import { inTransaction } from '#server/db/in-transaction';
import { tillOperations } from '#server/db/schema/till';
import type { TillCaller } from '#server/lib/callers';
import {
  findByKey,
  loadPoint,
  recordOperation,
  sameRequest,
  scopedKey,
  type TillDeps,
  type VisitRow,
} from './operation-rows';
import { chequeAsDone, couponForCheque, withCouponEarn } from './coupon';
import { readTillLines } from './receipt';
import { pushBonusesEarned } from './bonus-push';
import { checkOpen, loadVisit } from './visits';

/**
 * accrue: what the earn rules give for the cheque (server/core/earn), credited at once (ledger key
 * `till-accrue:<id>`), a CASHBACK. With `items`, only the lines that may earn do, and each keeps its share.
 */
export async function accrue(
  deps: TillDeps,
  caller: TillCaller,
  body: {
    visitId: string;
    sum: number;
    items?: ReceiptItem[] | undefined;
    coupon?: string | undefined;
    idempotencyKey: string;
  },
): Promise<TillOperation> {
  const key = scopedKey(caller, body.idempotencyKey);
  const [earlier, sent] = await Promise.all([findByKey(deps.db, key), readTillLines(deps.db, body.items)]);
  if (earlier) {
    const done = await chequeAsDone(deps.db, earlier.id, { sum: fromRoubles(body.sum), lines: sent });
    await checkSameReceipt(deps.db, 'till', earlier.id, done.lines);
    return sameRequest(earlier, { kind: 'accrue', visitId: body.visitId, sum: done.sum });
  }
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const [point, settings] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    cachedBrandSettings(deps.db, deps.cache),
  ]);
  const now = deps.clock.now();
  const { coupon, request, earned, figures } = await accrualOf(
    deps,
    { visit, point, settings, now },
    body,
    sent,
  );
  const { earn, rules, rate, pointPercent } = earned;
  const created = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(tillOperations)
      .values({
        idempotencyKey: key,
        visitId: visit.id,
        retailPointId: point.id,
        keyId: caller.keyId,
        userId: visit.userId,
        kind: 'accrue',
        sum: request.sum,
        spend: 0,
        earn,
        earnPercent: pointPercent,
        earnRate: rate,
        earnRules: rules,
        state: 'completed',
        createdAt: now,
        updatedAt: now,
        completedAt: now,
      })
      .onConflictDoNothing({ target: tillOperations.idempotencyKey })
      .returning();
    if (!row) return false; // a parallel call with the same key got there first
    await writeReceiptLines(tx, 'till', row.id, earned.lines ?? []);
    if (coupon && figures) await useCoupon(deps.db, tx, coupon.use.id, row.id, figures, now);
    let transactionId: string | null = null;
    if (earn > 0) {
      const credit = await earnCredit(deps, tx, visit.userId, earn);
      const key = `till-accrue:${row.id}`;
      const posted = await postTransaction(tx, {
        idempotencyKey: key,
        kind: 'till_accrue',
        entries: credit.entries,
      });
      if (posted.created) await credit.afterPosting(key);
      transactionId = posted.transactionId;
    }
    await recordOperation(deps, tx, row, point.title, transactionId, now);
    return true;
  });
  if (created && earn > 0) {
    const pendingDays = settings.bonusPendingDays;
    void pushBonusesEarned(deps, { userId: visit.userId, earn, pointTitle: point.title, pendingDays });
  }
  return sameRequest((await findByKey(deps.db, key))!, request);
}

/**
 * What an accrual earns: a coupon's discount off first (decision 064: the operation's sum is what the customer
 * pays), then the earn rules over the rest, and the coupon's extra bonuses.
 */
async function accrualOf(
  deps: TillDeps,
  at: {
    visit: VisitRow;
    point: Awaited<ReturnType<typeof loadPoint>>;
    settings: Pick<BrandSettings, 'maxSpendPercent' | 'timeZone'>;
    now: Date;
  },
  body: { visitId: string; sum: number; coupon?: string | undefined },
  sent: ReceiptLine[] | null,
) {
  const { visit, point, settings, now } = at;
  const coupon = await couponForCheque(deps, visit, body.coupon, {
    sum: fromRoubles(body.sum),
    lines: sent,
    timeZone: settings.timeZone,
  });
  const request = {
    kind: 'accrue',
    visitId: body.visitId,
    sum: coupon?.discount.sum ?? fromRoubles(body.sum),
  };
  const { earned, figures } = withCouponEarn(
    coupon,
    await earnForReceipt(deps, {
      sum: request.sum,
      spend: kopecks(0),
      lines: coupon?.discount.lines ?? sent,
      maxSpendPercent: settings.maxSpendPercent,
      point,
      at: now,
      userId: visit.userId,
    }),
    { sum: request.sum, spend: 0 },
  );
  return { coupon, request, earned, figures };
}
