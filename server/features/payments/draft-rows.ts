import { PAYMENT_STATUS, type PaymentStatus } from '#common/contract/codes';
import type { Draft, PaymentResult } from '#common/contract/loyalty';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { paymentDrafts } from '#server/db/schema/payments';
import { lineFigures } from '#server/core/receipt/receipt-rows';
import { receiptLinkOf } from '#server/core/fiscal/receipt-link';
import { notFound } from '#server/errors';
import { summaryOfDraft } from '../gift-cards/orders';
import { chequeUrlOf } from './cheque-address';
import { couponAnswer } from './coupon-draft';
import { selectOwnDraft } from './draft-statements';

/** What the payment services take: taken as an argument so tests hand in fakes. */
export type PaymentsDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'acquirer' | 'mail' | 'cache'>;
export type DraftRow = typeof paymentDrafts.$inferSelect;

/** Whether the draft goes to the bank: something is left to pay, and not at the till. */
export const needsBank = (row: DraftRow) => row.leftToPay > 0 && row.payType !== 'IN_RETAIL_POINT';

export function toDraft(row: DraftRow): Draft {
  return {
    draftId: row.id,
    state: row.state,
    productType: row.productType,
    payType: row.payType,
    retailPointId: row.retailPointId,
    title: row.title,
    paySum: toRoubles(row.paySum),
    spendBonus: row.spendBonus,
    spendExtra: row.spendExtra,
    accountChanges: [
      { type: 'GLOBAL', earn: toRoubles(row.earn), spend: toRoubles(row.spend) },
      { type: 'EXTRA', earn: 0, spend: toRoubles(row.extraSpend) },
    ],
    leftToPay: toRoubles(row.leftToPay),
    earnRules: row.earnRules,
    ...linesOf(row),
    ...(row.receiptId ? { receiptId: row.receiptId } : {}),
    ...couponOf(row),
  };
}

/** A receipt payment's lines (decision 069); nothing at all for a sum-only one, whose answer stays as it was. */
const linesOf = (row: DraftRow) => (row.receiptPlan ? { lines: row.receiptPlan.map(lineFigures) } : {});
/** The promo code's figures (decision 071); nothing without one. */
const couponOf = (row: DraftRow) => (row.coupon ? { coupon: couponAnswer(row.coupon) } : {});

const STATUS_OF: Record<DraftRow['state'], PaymentStatus> = {
  created: PAYMENT_STATUS.pending,
  processing: PAYMENT_STATUS.pending,
  paid: PAYMENT_STATUS.success,
  completed: PAYMENT_STATUS.success,
  failed: PAYMENT_STATUS.failed,
  expired: PAYMENT_STATUS.expired,
};

export function toResult(deps: Pick<AppDeps, 'config'>, row: DraftRow): PaymentResult {
  return {
    status: STATUS_OF[row.state],
    draftId: row.id,
    state: row.state,
    formUrl: row.state === 'processing' ? row.formUrl : null,
    confirmationCode: row.confirmationCode,
    chequeUrl: row.state === 'completed' ? chequeUrlOf(deps.config, row.id) : null,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    spent: toRoubles(row.spend),
    spentExtra: toRoubles(row.extraSpend),
    earned: toRoubles(row.earn),
    paySum: toRoubles(row.paySum),
    leftToPay: toRoubles(row.leftToPay),
    giftCard: null,
    earnRules: row.earnRules,
    ...linesOf(row),
    ...couponOf(row),
  };
}

/** The answer for a draft: `toResult`, and for a GIFT_CARD draft the order it pays (decision 017). */
export async function resultOf(deps: Pick<AppDeps, 'config' | 'db'>, row: DraftRow): Promise<PaymentResult> {
  const result = { ...toResult(deps, row), ...(await fiscalOf(deps.db, row)) };
  if (row.productType !== 'GIFT_CARD') return result;
  return { ...result, giftCard: await summaryOfDraft(deps.db, row.id) };
}

/**
 * A completed payment's fiscal receipt (decision 070), looked up only where the site may have issued one: money
 * reached the site, not the till. Absent otherwise, so other answers stay as they were.
 */
async function fiscalOf(db: Db, row: DraftRow) {
  if (row.state !== 'completed' || row.payType === 'IN_RETAIL_POINT' || row.leftToPay + row.extraSpend <= 0)
    return {};
  const link = await receiptLinkOf(db, 'payment_draft', row.id);
  return link ? { fiscalReceipt: link } : {};
}

/** The caller's own draft, or 404 (another customer's draft is indistinguishable from none). */
export async function loadOwnDraft(db: Db, userId: string, draftId: string): Promise<DraftRow> {
  const [row] = await selectOwnDraft(db, { draftId, userId });
  if (!row) throw notFound('Черновик оплаты не найден');
  return row;
}

export async function loadDraft(db: Db, draftId: string): Promise<DraftRow> {
  const [row] = await db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draftId));
  if (!row) throw new Error('payment draft vanished');
  return row;
}
