import type { ReceiptOperation } from '#common/contract/receipts';
import { formatBonuses } from '#common/lib/format';
import { ruAdminReceipts as t } from '#web/i18n/ru-admin-receipts';

/** «Начисление · проведена». */
export const kindText = (op: Pick<ReceiptOperation, 'kind' | 'state'>) =>
  `${t.kinds[op.kind] ?? op.kind} · ${t.states[op.state] ?? op.state}`;

/** Thousandths of a unit as the shelf writes them: 1, 0,5, 1,234. */
export const quantityText = (milli: number) => String(milli / 1000).replace('.', ',');

/** A receipt's own address in the console. */
export const receiptPath = (id: string) => `/admin/receipts/${id}`;

/** Bonuses are stored in hundredths like kopecks, and printed as bonuses, never as roubles (decision 047). */
export const bonusesText = (hundredths: number) => formatBonuses(hundredths / 100);
