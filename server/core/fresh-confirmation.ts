import { eq } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/auth';
import { AppError } from '../errors';
import type { AuthUser } from '../lib/callers';

/**
 * A phone customer only (a temporary payer has no cabinet), whose session was opened by an SMS code within the
 * last `minutes`: what saving a bank card (docs/decisions/016) and deleting the account (028) ask for, so a
 * stolen access token alone can do neither. The cabinet answers `SMS_CONFIRMATION_REQUIRED` with a code step.
 */
export async function requireFreshConfirmation(
  deps: { db: Db; clock: Clock },
  user: AuthUser,
  minutes: number,
): Promise<void> {
  if (user.phone.startsWith('temp-'))
    throw new AppError('PHONE_LOGIN_REQUIRED', 'Войдите по номеру телефона');
  const [session] = await deps.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, user.sessionId));
  const age = deps.clock.now().getTime() - (session?.createdAt.getTime() ?? 0);
  if (age > minutes * 60_000) {
    throw new AppError('SMS_CONFIRMATION_REQUIRED', 'Подтвердите номер телефона кодом из СМС');
  }
}
