import { asc, eq } from 'drizzle-orm';
import type { UserInfoResponse } from '#common/contract/cabinet';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { cards } from '#server/db/schema/cabinet';
import { toRoubles } from '#server/core/money';
import { balancesOf } from '#server/core/ledger';
import { toFormDate } from '#server/core/dates';
import { userNotFound } from './profile';

export const NO_CARD_MESSAGE = 'Карта не зарегистрирована';

export const cardsOf = (db: Db, userId: string) =>
  db.select().from(cards).where(eq(cards.userId, userId)).orderBy(asc(cards.createdAt), asc(cards.cardNum));

/**
 * `GET /api/user/info`: code 3 while the phone has no card, else the profile, the cards (one active) and the
 * customer's balances, which every card shows because all of them open the same accounts.
 */
export async function loadUserInfo(db: Db, userId: string): Promise<UserInfoResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw userNotFound();
  const rows = await cardsOf(db, userId);
  const active = rows.find((card) => card.id === user.activeCardId) ?? rows[0];
  if (!active) return { code: 3, message: NO_CARD_MESSAGE, phone: user.phone };
  const kopecks = await balancesOf(db, userId);
  const balance = { balance: toRoubles(kopecks.bonus), amount: toRoubles(kopecks.money) };
  return {
    code: 0,
    info: {
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      birthDate: toFormDate(user.birthDate),
      cards: rows.map((card) => ({
        id: card.id,
        cardNum: card.cardNum,
        qrSalt: card.qrSecret,
        locked: card.locked,
        active: card.id === active.id,
        balance,
      })),
    },
    salt: active.qrSecret,
    balance,
  };
}
