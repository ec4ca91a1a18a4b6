import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { MemberSummary } from '#common/contract/members';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { cards } from '#server/db/schema/cabinet';

const LIMIT = 20;

/**
 * The phone in the "C" collation, as migration 0050's index holds it: a prefix is a range of that index and the
 * order its own, so the first 20 phones of a prefix are 20 index entries at any number of members (decision 088).
 */
const PHONE_C = sql`${users.phone} collate "C"`;

/** Escapes LIKE's wildcards: the query is matched from the start, literally. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const nameOf = (u: Pick<typeof users.$inferSelect, 'lastName' | 'firstName' | 'middleName'>) =>
  [u.lastName, u.firstName, u.middleName].filter(Boolean).join(' ');

/**
 * Members matching a query (docs/decisions/026, 053): 16 digits is a card number; 4 digits the end of a card
 * number or the start of a phone; other digits (with +, spaces, brackets or dashes) the start of a phone (8 at
 * the start read as 7, and a number typed without its 7 or 8, «900 000-00-01», given it); words a name: one
 * word the start of a last or first name, two words both in either order («Анна Иванова», «Иванова Анна»),
 * any case. The phone and name ways walk an index (migrations 0015 and 0050), so they stay fast at
 * 100,000 members; the card's last digits walk the cards (a short scan: support types them rarely). Without
 * `phoneStart` (a role that sees phones masked: decision 047), digits find the whole phone only.
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
    // Every member's phone is 7XXXXXXXXXX: a leading 8 is the trunk prefix, a leading 9 a number without it.
    const phone = digits.replace(/^8/, '7').replace(/^9/, '79');
    where = options.phoneStart ? sql`${PHONE_C} like ${likePrefix(phone)}` : eq(users.phone, phone);
    if (digits.length === 4) {
      const byCard = db
        .select({ userId: cards.userId })
        .from(cards)
        .where(sql`${cards.cardNum} like ${`%${digits}`}`)
        .limit(LIMIT);
      where = or(where, inArray(users.id, byCard));
    }
  } else {
    const words = query.trim().toLowerCase().split(/\s+/).slice(0, 3);
    const last = (w: string) => sql`lower(${users.lastName}) like ${likePrefix(w)}`;
    const first = (w: string) => sql`lower(${users.firstName}) like ${likePrefix(w)}`;
    const [a, b] = words as [string, string | undefined];
    where = b ? or(and(last(a), first(b)), and(last(b), first(a))) : or(last(a), first(a));
  }
  const found = await db.select().from(users).where(where).orderBy(PHONE_C).limit(LIMIT);
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
