import type { Db } from '../server/db/client';
import { users } from '../server/db/schema/auth';
import { cards } from '../server/db/schema/cabinet';
import { tillVisits } from '../server/db/schema/till';

/**
 * A member with a card and a visit open at point 1 under the till key `keyId`, written straight to the tables:
 * what the till benches accrue to and hold against. `n` keeps the phone and card apart between members and
 * benches; the visit lasts `hours`.
 */
export async function openBenchVisit(db: Db, keyId: string, n: number, now = new Date(), hours = 24) {
  const [user] = await db
    .insert(users)
    .values({ phone: `7955${String(n).padStart(7, '0')}` })
    .returning();
  const [card] = await db
    .insert(cards)
    .values({ userId: user!.id, cardNum: `9999${String(n).padStart(12, '0')}`, qrSecret: 'BENCH' })
    .returning();
  const [visit] = await db
    .insert(tillVisits)
    .values({
      retailPointId: 1,
      keyId,
      userId: user!.id,
      cardId: card!.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + hours * 3_600_000),
    })
    .returning();
  return { visitId: visit!.id, userId: user!.id };
}
