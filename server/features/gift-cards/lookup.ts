import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CardPaidOrder, GiftCardLookup } from '#common/contract/operator-gift-cards';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { giftCardInvoices, giftCardOrders, giftCards } from '#server/db/schema/gift-cards';
import { ledgerAccounts } from '#server/db/schema/ledger';

const LIMIT = 20;

/**
 * The console's gift-card lookup (docs/decisions/033): 22 characters are a public id (its unique index), digits
 * the end of the card's code. The digits walk the table (`code like '%1234'`): gift cards number in thousands,
 * not millions; an index on the reversed code would serve a larger programme.
 */
export async function findGiftCards(db: Db, query: string): Promise<GiftCardLookup[]> {
  const where = /^\d+$/.test(query)
    ? query.length === 16
      ? eq(giftCards.code, query)
      : sql`${giftCards.code} like ${`%${query}`}`
    : eq(giftCards.publicId, query);
  const rows = await db
    .select({
      publicId: giftCards.publicId,
      code: giftCards.code,
      name: giftCards.name,
      phone: giftCards.phone,
      nominal: giftCards.nominal,
      balance: ledgerAccounts.balance,
      blockedAt: giftCards.blockedAt,
      addedAt: giftCards.addedAt,
      createdAt: giftCards.createdAt,
      invoice: giftCardInvoices.number,
    })
    .from(giftCards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, giftCards.accountId))
    .leftJoin(giftCardInvoices, eq(giftCardInvoices.orderId, giftCards.orderId))
    .where(where)
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(LIMIT);
  return rows.map((row) => ({
    publicId: row.publicId,
    codeLast4: row.code.slice(-4),
    recipientName: row.name,
    recipientPhone: row.phone,
    nominal: toRoubles(row.nominal),
    balance: toRoubles(row.balance ?? 0),
    blocked: row.blockedAt !== null,
    addedAt: row.addedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    paidBy: row.invoice === null ? 'card' : 'invoice',
  }));
}

/**
 * Orders paid by bank card on the site (docs/decisions/033): paid, with no invoice behind them; newest paid first,
 * at most 100, each with its cards' public ids.
 */
export async function cardPaidOrders(db: Db): Promise<CardPaidOrder[]> {
  const orders = await db
    .select({
      orderId: giftCardOrders.id,
      paidAt: giftCardOrders.paidAt,
      buyerPhone: users.phone,
      nominal: giftCardOrders.nominal,
      quantity: giftCardOrders.quantity,
      total: giftCardOrders.total,
    })
    .from(giftCardOrders)
    .innerJoin(users, eq(users.id, giftCardOrders.userId))
    .leftJoin(giftCardInvoices, eq(giftCardInvoices.orderId, giftCardOrders.id))
    .where(and(eq(giftCardOrders.state, 'paid'), isNull(giftCardInvoices.id)))
    .orderBy(desc(giftCardOrders.paidAt), desc(giftCardOrders.id))
    .limit(100);
  if (!orders.length) return [];
  const cards = await db
    .select({ orderId: giftCards.orderId, publicId: giftCards.publicId })
    .from(giftCards)
    .where(
      inArray(
        giftCards.orderId,
        orders.map((o) => o.orderId),
      ),
    )
    .orderBy(asc(giftCards.position));
  return orders.map((o) => ({
    orderId: o.orderId,
    paidAt: (o.paidAt ?? new Date(0)).toISOString(),
    buyerPhone: o.buyerPhone,
    nominal: toRoubles(o.nominal),
    quantity: o.quantity,
    total: toRoubles(o.total),
    cards: cards.filter((c) => c.orderId === o.orderId).map((c) => c.publicId),
  }));
}
