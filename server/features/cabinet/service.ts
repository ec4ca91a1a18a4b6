import { eq } from 'drizzle-orm';
import type { UserInfoResponse } from '#common/contract/cabinet';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { cards } from '#server/db/schema/cabinet';
import { AppError } from '#server/errors';
import { lockUser, saveProfile, userNotFound, type ProfileInput } from './profile';
import { loadUserInfo } from './user-info';

export { registerCard, setActiveCard } from './card-registration';
export { activateCertificates, listCertificates } from './certificates';
export { listOperations } from './operations';
export { loadUserInfo } from './user-info';

export interface CabinetDeps {
  db: Db;
  clock: Clock;
}

async function hasCard(db: Db, userId: string): Promise<boolean> {
  const [card] = await db.select({ id: cards.id }).from(cards).where(eq(cards.userId, userId)).limit(1);
  return Boolean(card);
}

/** Saves the profile of the session's customer (who may have no card yet). */
export async function editSessionProfile(db: Db, userId: string, input: ProfileInput): Promise<void> {
  await inTransaction(db, async (tx) => saveProfile(tx, await lockUser(tx, userId), input));
}

/**
 * `POST /api/user/edit`: the cabinet's profile form. Without a card there is no cabinet yet: the answer is
 * code 3 and nothing is saved (the card-less path is `/api/session/edit`).
 */
export async function editCabinetProfile(
  db: Db,
  userId: string,
  input: ProfileInput,
): Promise<UserInfoResponse> {
  if (await hasCard(db, userId)) await editSessionProfile(db, userId, input);
  return loadUserInfo(db, userId);
}

/** The registration step after a login: remembers the sign-in and tells whether the customer has a card. */
export async function recordCabinetSignIn(deps: CabinetDeps, userId: string): Promise<boolean> {
  const updated = await deps.db
    .update(users)
    .set({ signedInAt: deps.clock.now() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw userNotFound();
  return hasCard(deps.db, userId);
}

/** Operations and certificates are asked for by phone; a customer may only ask for their own. */
export function assertOwnPhone(callerPhone: string, askedPhone: string): void {
  if (callerPhone !== askedPhone) {
    throw new AppError('NOT_OWN_PHONE', 'Можно смотреть только данные своего номера телефона');
  }
}
