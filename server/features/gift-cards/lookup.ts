import { desc, eq, sql } from 'drizzle-orm';
import type { GiftCardLookup } from '../../../common/contract/operator-gift-cards';
import { toRoubles } from '../../core/money';
import type { Db } from '../../db/client';
import { giftCardInvoices, giftCards } from '../../db/schema/gift-cards';
import { ledgerAccounts } from '../../db/schema/ledger';

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
