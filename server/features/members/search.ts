import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { MemberSummary } from '../../../common/contract/members';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { cards } from '../../db/schema/cabinet';

const LIMIT = 20;

/** Escapes LIKE's wildcards: the query is matched from the start, literally. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const nameOf = (u: Pick<typeof users.$inferSelect, 'lastName' | 'firstName' | 'middleName'>) =>
  [u.lastName, u.firstName, u.middleName].filter(Boolean).join(' ');

/**
 * Members matching a query (docs/decisions/026): 16 digits is a card number; other digits (with +, spaces,
 * brackets or dashes) the start of a phone (8 at the start read as 7); anything else the start of a last or
 * first name, any case. Each way walks an index (migration 0013's hand-written tail), so it stays fast at
 * 100,000 members. Without `phoneStart` (a role that sees phones masked: decision 047), digits find the whole
 * phone only.
 */
export async function searchMembers(
  db: Db,
  query: string,
  options: { phoneStart: boolean } = { phoneStart: true },
): Promise<MemberSummary[]> {
  const digits = query.replace(/[\s()+-]/g, '');
  let where;
  if (/^\d{16}$/.test(digits)) {
    const [card] = await db.select({ userId: cards.userId }).from(cards).where(eq(cards.cardNum, digits));
    if (!card) return [];
    where = eq(users.id, card.userId);
  } else if (/^\d+$/.test(digits)) {
    const phone = digits.replace(/^8/, '7');
    where = options.phoneStart ? sql`${users.phone} like ${likePrefix(phone)}` : eq(users.phone, phone);
  } else {
    const name = likePrefix(query.trim().toLowerCase());
    where = or(sql`lower(${users.lastName}) like ${name}`, sql`lower(${users.firstName}) like ${name}`);
  }
  const found = await db.select().from(users).where(where).orderBy(asc(users.phone)).limit(LIMIT);
  return withCards(db, found);
}

/** The members with their cards (the active one marked). */
export async function withCards(db: Db, found: (typeof users.$inferSelect)[]): Promise<MemberSummary[]> {
  if (!found.length) return [];
  const rows = await db
    .select()
    .from(cards)
    .where(
      inArray(
        cards.userId,
        found.map((u) => u.id),
      ),
    )
    .orderBy(asc(cards.createdAt));
  return found.map((u) => ({
    userId: u.id,
    phone: u.phone,
    name: nameOf(u),
    cards: rows
      .filter((c) => c.userId === u.id)
      .map((c) => ({ cardNum: c.cardNum, locked: c.locked, active: c.id === u.activeCardId })),
  }));
}
