import { and, asc, eq } from 'drizzle-orm';
import type { TillPaymentReceiptView } from '#common/contract/till-payment-returns';
import type { PaymentFiscal, RegisterReceipt } from '#common/contract/till-register-receipt';
import { brandSettingsWithin } from '#server/core/brand-settings';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { receiptLines } from '#server/db/schema/catalogue';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import { AppError } from '#server/errors';
import type { TillDeps } from './operation-rows';
import { saleCartOf } from './payment-gateway';
import { allocate, type DraftRow } from './payment-return-plan';

/**
 * How a payment on the site was paid, and what the shop's register prints of it (decision 086), for its till's
 * view of the receipt (`showPaymentReceipt`). The money-like balance spent (a certificate or gift card, fiscalised
 * as an advance when it was sold: decision 023) is settled by «зачёт аванса», and the bank's receipt in the
 * `gateway` mode cannot say so (its cart has one means of payment): there the register prints that part, line by
 * line, as the `till` mode's register prints the whole payment. Each line's part is its money less what the
 * bank's cart holds of it (the order's cart, kept on the sale's row), so the two receipts state every kopeck of a
 * line once. `draft`: the completed payment, or none (unpaid).
 */
export async function paymentMoneyOf(
  deps: TillDeps,
  draft: DraftRow | undefined,
): Promise<Pick<TillPaymentReceiptView, 'bonuses' | 'balance' | 'bank' | 'fiscal'>> {
  if (!draft) return { bonuses: 0, balance: 0, bank: 0, fiscal: null };
  const paidBy = { bonuses: toRoubles(draft.spend), balance: toRoubles(draft.extraSpend) };
  // Paid at the till after all: the till took the money, its register prints the cheque as any other.
  if (draft.payType === 'IN_RETAIL_POINT') return { ...paidBy, bank: 0, fiscal: null };
  return { ...paidBy, bank: toRoubles(draft.leftToPay), fiscal: await fiscalOf(deps, draft) };
}

interface MoneyLine {
  line: number;
  name: string;
  quantity: number;
  /** The line's money: its sum less the bonuses spent on it. */
  money: number;
}

async function fiscalOf(deps: TillDeps, draft: DraftRow): Promise<PaymentFiscal> {
  const lines = await moneyLines(deps.db, draft);
  const sale = await saleCartOf(deps.db, draft.id);
  const mode = sale ? 'gateway' : (await issuedInCloud(deps.db, draft.id)) ? 'cloud' : await modeNow(deps);
  if (mode === 'cloud')
    return { mode, issuedBySite: toRoubles(draft.leftToPay + draft.extraSpend), register: null };
  if (mode === 'till') {
    const sums = lines.map((line) => line.money);
    return { mode, issuedBySite: 0, register: registerOf(lines, sums, draft.leftToPay, draft.extraSpend) };
  }
  // The gateway's: each line's advance is its money less what the bank's cart holds of it.
  const held = sale?.positions;
  const advance = held
    ? lines.map(
        (line) => line.money - held.filter((p) => p.line === line.line).reduce((s, p) => s + p.sum, 0),
      )
    : allocate(
        draft.extraSpend,
        lines.map((line) => line.money),
      );
  const issuedBySite = sale ? toRoubles(sale.document.total) : 0;
  const register = draft.extraSpend > 0 ? registerOf(lines, advance, 0, draft.extraSpend) : null;
  return { mode: 'gateway', issuedBySite, register };
}

/** The register's receipt of `sums` per line (lines with nothing left off), paid as given. */
function registerOf(
  lines: MoneyLine[],
  sums: number[],
  electronic: number,
  prepaid: number,
): RegisterReceipt {
  const total = sums.reduce((s, sum) => s + sum, 0);
  if (total !== electronic + prepaid || sums.some((sum) => sum < 0))
    throw new AppError('OPERATION_STATE', 'Строки оплаты не сходятся с её суммой: обратитесь в поддержку');
  return {
    kind: 'sell',
    paymentMethod: 4,
    lines: lines.flatMap((line, i) =>
      sums[i]! > 0
        ? [{ line: line.line, name: line.name, quantity: line.quantity, sum: toRoubles(sums[i]!) }]
        : [],
    ),
    electronic: toRoubles(electronic),
    prepaid: toRoubles(prepaid),
    total: toRoubles(total),
  };
}

/** The payment's lines with their money; one line of the payment's money without the till's lines. */
async function moneyLines(db: Db, draft: DraftRow): Promise<MoneyLine[]> {
  const rows = await db
    .select()
    .from(receiptLines)
    .where(and(eq(receiptLines.source, 'payment'), eq(receiptLines.operationId, draft.id)))
    .orderBy(asc(receiptLines.lineNo));
  if (rows.length > 0) {
    return rows.map((row) => ({
      line: row.lineNo,
      name: row.name,
      quantity: row.quantityMilli / 1000,
      money: row.sum - row.spend,
    }));
  }
  return [
    { line: 1, name: `Оплата: ${draft.title}`, quantity: 1, money: draft.leftToPay + draft.extraSpend },
  ];
}

async function issuedInCloud(db: Db, draftId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fiscalReceipts.id })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.externalId, `sell:${draftId}`));
  return Boolean(row);
}

/** No receipt row: the `till` mode's, or the `gateway` mode's payment with no bank money (all balance). */
async function modeNow(deps: TillDeps): Promise<'till' | 'gateway'> {
  const settings = await brandSettingsWithin(deps.db, deps.cache);
  return settings.fiscal.mode === 'gateway' ? 'gateway' : 'till';
}
