import { and, count, eq, gt } from 'drizzle-orm';
import type { FeedbackBody } from '#common/contract/content';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { feedback } from '#server/db/schema/content';
import { AppError } from '#server/errors';

/** At most this many messages per IP address in the window: enough for a person, too few for a spammer. */
export const FEEDBACK_LIMIT = 5;
export const FEEDBACK_WINDOW_MS = 10 * 60 * 1000;

/**
 * Stores a visitor's message. The limit counts the stored rows of the same IP, so it holds across instances
 * without extra state; two requests racing at the limit may both pass, which is harmless here.
 */
export async function submitFeedback(db: Db, clock: Clock, ip: string, body: Required<FeedbackBody>) {
  const now = clock.now();
  const since = new Date(now.getTime() - FEEDBACK_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.ip, ip), gt(feedback.createdAt, since)));
  if ((row?.n ?? 0) >= FEEDBACK_LIMIT) {
    throw new AppError('TOO_MANY_REQUESTS', 'Слишком много сообщений. Попробуйте через несколько минут.');
  }
  await db.insert(feedback).values({ ...body, ip, createdAt: now });
}
