import type { Draft, PaymentResult, PayType } from '#common/contract/loyalty';
import { PAYMENT_STATUS } from '#common/contract/codes';
import type { ApiClient } from '#web/lib/api-client';
import { hasCode } from '#web/lib/api-errors';

export interface DraftChoice {
  retailPointId: number;
  paySum: number;
  spendBonus: boolean;
  /** Spend the money-like balance (certificates, gift cards) first (decision 023). */
  spendExtra: boolean;
  payType: PayType;
  /** The till's receipt the QR names (decision 069); the server reads its lines. */
  receiptId?: string | null;
  /** The promo code applied on the page (decision 071); the server checks it and computes its effect. */
  coupon?: string | null;
}

/**
 * The draft this page works on, kept for the tab (session storage) per point and sum, so a reload or a
 * return from the bank reuses it instead of making a second one (spec section 4: "create draft once, reuse
 * when an id exists"). `key` is the idempotency key of its creation.
 */
interface StoredDraft {
  draftId?: string;
  key: string;
}

const storeKey = (choice: Pick<DraftChoice, 'retailPointId' | 'paySum' | 'receiptId'>) =>
  `loyaltyDraft:${choice.retailPointId}:${choice.paySum}${choice.receiptId ? `:${choice.receiptId}` : ''}`;

function readStored(choice: DraftChoice): StoredDraft {
  try {
    const raw = window.sessionStorage.getItem(storeKey(choice));
    if (raw) return JSON.parse(raw) as StoredDraft;
  } catch {
    // Storage blocked or garbage: start afresh.
  }
  return { key: crypto.randomUUID() };
}

function writeStored(choice: DraftChoice, stored: StoredDraft | null) {
  try {
    if (stored) window.sessionStorage.setItem(storeKey(choice), JSON.stringify(stored));
    else window.sessionStorage.removeItem(storeKey(choice));
  } catch {
    // Without storage a reload simply starts a new draft; the server's key still stops duplicates here.
  }
}

/** The page's draft is ready to pay, or an earlier payment from this page already went further. */
export type OpenedDraft = { kind: 'draft'; draft: Draft } | { kind: 'started'; result: PaymentResult };

/**
 * Creates the page's draft once, then recomputes the same one when the spend toggle or the pay type changes.
 * If the stored draft has already been sent to pay (a 409), its outcome decides: paid or waiting is shown as
 * such, a failed or expired one is forgotten and a new draft starts.
 */
export async function openDraft(api: ApiClient, choice: DraftChoice): Promise<OpenedDraft> {
  const stored = readStored(choice);
  const body = {
    productType: 'PAYMENT' as const,
    paySum: choice.paySum,
    payType: choice.payType,
    spendBonus: choice.spendBonus,
    spendExtra: choice.spendExtra,
    retailPointId: choice.retailPointId,
    ...(choice.receiptId ? { receiptId: choice.receiptId } : {}),
    ...(choice.coupon ? { coupon: choice.coupon } : {}),
  };
  if (stored.draftId) {
    try {
      const { data } = await api.request('POST /api/loyalty/createDraft', {
        body: { ...body, draftId: stored.draftId },
      });
      return { kind: 'draft', draft: data };
    } catch (error) {
      if (!hasCode(error, 'DRAFT_STARTED', 'NOT_FOUND')) throw error;
      if (error.code === 'DRAFT_STARTED') {
        const { data: result } = await api.request('POST /api/loyalty/completeDraft', {
          body: { draftId: stored.draftId },
        });
        if (result.status === PAYMENT_STATUS.success || result.status === PAYMENT_STATUS.pending)
          return { kind: 'started', result };
      }
      stored.draftId = undefined;
      stored.key = crypto.randomUUID();
    }
  }
  const { data } = await api.request('POST /api/loyalty/createDraft', {
    body: { ...body, idempotencyKey: stored.key },
  });
  writeStored(choice, { draftId: data.draftId, key: stored.key });
  return { kind: 'draft', draft: data };
}

/** Forgets the page's draft (a new payment starts from scratch, e.g. after 'Вернуться на страницу оплаты'). */
export function forgetDraft(choice: Pick<DraftChoice, 'retailPointId' | 'paySum' | 'receiptId'>) {
  writeStored({ ...choice, spendBonus: true, spendExtra: true, payType: 'CARD' }, null);
}

/** Where the bank sends the customer back: the finish page with the draft, the point, the sum (and receipt). */
export function finishPath(
  draftId: string,
  retailPointId: number | null,
  paySum: number | null,
  receiptId: string | null = null,
): string {
  const query = new URLSearchParams({ d: draftId });
  if (retailPointId !== null) query.set('p', String(retailPointId));
  if (paySum !== null) query.set('s', String(paySum));
  if (receiptId !== null) query.set('r', receiptId);
  return `/loyalty/finish?${query.toString()}`;
}

/** The payment page for the same point and sum, and receipt ('Вернуться на страницу оплаты'). */
export function paymentPath(
  retailPointId: number | null,
  paySum: number | null,
  receiptId: string | null = null,
): string {
  const query = new URLSearchParams();
  if (retailPointId !== null) query.set('p', String(retailPointId));
  if (paySum !== null) query.set('s', String(paySum));
  if (receiptId !== null) query.set('r', receiptId);
  const qs = query.toString();
  return qs ? `/loyalty?${qs}` : '/loyalty';
}
