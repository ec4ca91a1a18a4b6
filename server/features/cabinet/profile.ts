import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { editProfileBodySchema } from '#common/contract/cabinet';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { AppError } from '#server/errors';
import { fromFormDate } from '#server/core/dates';

export type ProfileInput = z.output<typeof editProfileBodySchema>;
export type UserRow = typeof users.$inferSelect;

export const BIRTH_DATE_SET = 'Дата рождения уже указана';

/** The spec's 404 'User not found': the client forgets its tokens (a session whose customer is gone). */
export const userNotFound = () => new AppError('NOT_FOUND', 'User not found');

/** The customer's row, locked until the transaction ends, so concurrent registrations and edits queue. */
export async function lockUser(tx: Db, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw userNotFound();
  return user;
}

/**
 * Saves names and e-mail. The birth date is set once: an empty one leaves it as it is, the same one is fine,
 * another one is refused before anything is written. The phone is the login and never changes here.
 */
export async function saveProfile(tx: Db, user: UserRow, input: ProfileInput): Promise<void> {
  const birthDate = input.birthDate ? fromFormDate(input.birthDate) : null;
  if (birthDate && user.birthDate && birthDate !== user.birthDate) {
    throw new AppError('VALIDATION', BIRTH_DATE_SET, { fields: { birthDate: BIRTH_DATE_SET } });
  }
  await tx
    .update(users)
    .set({
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      email: input.email,
      ...(birthDate && !user.birthDate && { birthDate }),
    })
    .where(eq(users.id, user.id));
}
