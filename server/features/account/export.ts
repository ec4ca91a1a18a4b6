import { desc, eq } from 'drizzle-orm';
import type { MyData } from '#common/contract/account';
import type { Operation, PurchaseCoupon, PurchaseLine } from '#common/contract/cabinet';
import { readBrandSettings } from '#server/core/brand-settings';
import { toFormDate } from '#server/core/dates';
import { balancesOf } from '#server/core/ledger';
import { toRoubles } from '#server/core/money';
import { toOperation } from '#server/core/operation-rows';
import { purchaseCoupons } from '#server/core/coupons/purchase-coupons';
import { purchaseLines } from '#server/core/receipt/receipt-rows';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { cards, certificates, operations } from '#server/db/schema/cabinet';
import { giftCardOrders } from '#server/db/schema/gift-cards';
import { notFound } from '#server/errors';
import type { Clock } from '#server/core/clock';
import { operationsCsv } from './operations-csv';

/** Operations whose purchase lines one query reads (a bound parameter each; PostgreSQL takes 65,535). */
const LINES_BATCH = 5_000;

/** Every operation of the customer, newest first, in the cabinet's shape, with a purchase's lines. */
async function allOperations(db: Db, userId: string): Promise<Operation[]> {
  const rows = await db
    .select()
    .from(operations)
    .where(eq(operations.userId, userId))
    .orderBy(desc(operations.occurredAt), desc(operations.id));
  const lines = new Map<string, PurchaseLine[]>();
  const coupons = new Map<string, PurchaseCoupon>();
  for (let from = 0; from < rows.length; from += LINES_BATCH) {
    const ids = rows.slice(from, from + LINES_BATCH).map((row) => row.id);
    for (const [id, list] of await purchaseLines(db, ids)) lines.set(id, list);
    for (const [id, coupon] of await purchaseCoupons(db, ids)) coupons.set(id, coupon);
  }
  return rows.map((row) => toOperation(row, lines.get(row.id), coupons.get(row.id)));
}

/**
 * 'Скачать мои данные' (152-ФЗ, docs/decisions/028): what we keep about the customer, read at once. A history
 * of years is a few thousand rows: one answer, no paging.
 */
export async function exportMyData(deps: { db: Db; clock: Clock }, userId: string) {
  const { db } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw notFound('Пользователь не найден');
  const [cardRows, balances, history, certificateRows, orders, settings] = await Promise.all([
    db.select().from(cards).where(eq(cards.userId, userId)).orderBy(cards.createdAt),
    balancesOf(db, userId),
    allOperations(db, userId),
    db.select().from(certificates).where(eq(certificates.phone, user.phone)).orderBy(certificates.createdAt),
    db
      .select()
      .from(giftCardOrders)
      .where(eq(giftCardOrders.userId, userId))
      .orderBy(giftCardOrders.createdAt),
    readBrandSettings(db),
  ]);
  const data: MyData = {
    exportedAt: deps.clock.now().toISOString(),
    profile: {
      phone: user.phone,
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      email: user.email,
      birthDate: toFormDate(user.birthDate),
      createdAt: user.createdAt.toISOString(),
      registeredAt: user.registeredAt?.toISOString() ?? null,
      consentVersion: user.consentVersion,
    },
    cards: cardRows.map((c) => ({
      cardNum: c.cardNum,
      locked: c.locked,
      createdAt: c.createdAt.toISOString(),
    })),
    balances: { bonus: toRoubles(balances.bonus), money: toRoubles(balances.money) },
    operations: history,
    certificates: certificateRows.map((c) => ({
      title: c.title,
      nominal: toRoubles(c.nominal),
      activatedAt: c.activatedAt?.toISOString() ?? null,
      validTo: c.validTo,
    })),
    giftCardOrders: orders.map((o) => ({
      createdAt: o.createdAt.toISOString(),
      nominal: toRoubles(o.nominal),
      total: toRoubles(o.total),
      state: o.state,
      recipients: o.recipients,
    })),
  };
  return { data, operationsCsv: operationsCsv(history, settings.timeZone) };
}
