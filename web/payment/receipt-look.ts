/*
 * How long a paid payment's page waits before asking again about its 54-FZ receipt (decision 070): /gc/result
 * and /loyalty/finish. The cloud till issues it within seconds; the fiscal job retries a slow one for days, so
 * the page stops after ten minutes and the e-mailed cheque carries the link.
 */

export const RECEIPT_LOOK_MS = 10_000;
/** The most times a page asks (ten minutes of it). */
export const RECEIPT_LOOKS = 60;

/** Whether the receipt is still on its way (queued or sent); not once issued or failed, nor where there is none. */
export const receiptWaiting = (receipt: { status: string } | undefined) =>
  receipt?.status === 'queued' || receipt?.status === 'sent';

/** While the receipt is queued or sent: every 10 s, at most 60 times; never once issued or failed. */
export function receiptLookIn(receipt: { status: string } | undefined, updates: number): number | false {
  return receiptWaiting(receipt) && updates < RECEIPT_LOOKS ? RECEIPT_LOOK_MS : false;
}
