import { and, eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { AppDeps } from '#server/app-deps';
import type { TillVisit } from '#common/contract/till';
import { inTransaction } from '#server/db/in-transaction';
import { cards } from '#server/db/schema/cabinet';
import { tillOperations, tillUsedCodes, tillVisits } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import { hashedKeyPart, takeOrRefuse, type LimitDeps } from '#server/lib/rate-limit';
import type { TillCaller } from '#server/lib/callers';
import type { Db } from '#server/db/client';
import { loadPoint, minutes, type TillDeps } from './operation-rows';
import { TILL_VISIT_MINUTES, visitView } from './visits';

/** docs/design/product.md "The member code at the till": TOTP (RFC 6238), HMAC-SHA1, 6 digits, a 120 s step. */
export const MEMBER_CODE_STEP_SECONDS = 120;

export const invalidCode = () =>
  new AppError('CODE_EXPIRED', 'Код не подходит или устарел: попросите покупателя показать код ещё раз');

/** The accepted code's TOTP step, or null: the card's code within one step either side of `now`. */
export function memberCodeStep(qrSecret: string, token: string, nowMs: number): number | null {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: MEMBER_CODE_STEP_SECONDS,
    secret: Secret.fromBase32(qrSecret),
  });
  const delta = totp.validate({ token, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / MEMBER_CODE_STEP_SECONDS) + delta;
}

/**
 * Attempts to verify a member code, every attempt counted, right or wrong (decision 043). Three codes of a
 * million fit a card at any moment, so a leaked till key guessing freely (hundreds a second) would find a
 * card's code in minutes. Per key: a busy till verifies a customer or two a minute. Per card, whatever the
 * key: a customer's code is scanned once, twice when the first scan fails.
 */
export const TILL_VERIFY_LIMITS = { perKey: 120, perCard: 10, windowMs: 10 * 60_000 } as const;

/** Counts the attempt per key, then per card (its number hashed in the key); refuses past either limit. */
export async function limitVerify(deps: LimitDeps, keyId: string, cardNum: string) {
  const { perKey, perCard, windowMs } = TILL_VERIFY_LIMITS;
  // Refused when the shared counter is out (the default): this limit guards the customers' bonuses.
  const message = 'Слишком много проверок кода: попробуйте через несколько минут';
  await takeOrRefuse(deps, { key: `till-verify-key:${keyId}`, max: perKey, windowMs, message });
  await takeOrRefuse(deps, {
    key: `till-verify-card:${hashedKeyPart(cardNum)}`,
    max: perCard,
    windowMs,
    message,
  });
}

/**
 * verify: the scanned code (card number + TOTP) is checked, consumed (once per card and step: the used-codes
 * primary key) and a visit of this point opened, all in one transaction. Attempts are limited per till key and
 * per card first (decision 043), a second lookup too. The same till looking the code up again within its
 * window gets the same visit (decision 048): a code still opens one visit only.
 */
export async function verifyMemberCode(
  deps: TillDeps & Pick<AppDeps, 'rateLimiter'>,
  caller: TillCaller,
  code: string,
): Promise<TillVisit> {
  const cardNum = code.slice(0, 16);
  const token = code.slice(16);
  await limitVerify(deps, caller.keyId, cardNum);
  const point = await loadPoint(deps.db, caller.retailPointId);
  const [card] = await deps.db.select().from(cards).where(eq(cards.cardNum, cardNum));
  const now = deps.clock.now();
  const step = card ? memberCodeStep(card.qrSecret, token, now.getTime()) : null;
  if (!card || step === null) throw invalidCode();
  if (card.locked) throw new AppError('CARD_LOCKED', 'Карта заблокирована');
  const visit = await inTransaction(deps.db, async (tx) => {
    const used = await tx
      .insert(tillUsedCodes)
      .values({ cardId: card.id, step, usedAt: now })
      .onConflictDoNothing()
      .returning({ step: tillUsedCodes.step });
    if (used.length === 0) {
      // Looked up again (a mistyped code, a scan that seemed to fail): the till that opened the code's visit
      // gets that visit back while the code is valid and nothing was done in it yet; once an operation took
      // (held, completed, refunded) the code is spent, and any other till, even of the same point, is refused.
      const opened = await visitOpenedBy(tx, card.id, step, caller.keyId);
      if (!opened) {
        throw new AppError('CODE_USED', 'Этот код уже использован: дождитесь нового кода в приложении');
      }
      return opened;
    }
    const [row] = await tx
      .insert(tillVisits)
      .values({
        retailPointId: point.id,
        keyId: caller.keyId,
        userId: card.userId,
        cardId: card.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + minutes(TILL_VISIT_MINUTES)),
      })
      .returning();
    return row!;
  });
  return visitView(deps, visit);
}

/**
 * The visit a used code opened at this till key, while no operation took in it (a declined, cancelled or
 * expired one took nothing): the code's row and its visit are written in one transaction with the same moment,
 * so the visit is the card's at this key created at the code's `usedAt`.
 */
async function visitOpenedBy(tx: Db, cardId: string, step: number, keyId: string) {
  const [code] = await tx
    .select({ usedAt: tillUsedCodes.usedAt })
    .from(tillUsedCodes)
    .where(and(eq(tillUsedCodes.cardId, cardId), eq(tillUsedCodes.step, step)));
  if (!code) return null;
  const [visit] = await tx
    .select()
    .from(tillVisits)
    .where(
      and(eq(tillVisits.cardId, cardId), eq(tillVisits.keyId, keyId), eq(tillVisits.createdAt, code.usedAt)),
    );
  if (!visit) return null;
  const [spent] = await tx
    .select({ id: tillOperations.id })
    .from(tillOperations)
    .where(
      and(
        eq(tillOperations.visitId, visit.id),
        inArray(tillOperations.state, ['held', 'completed', 'refunding', 'refunded']),
      ),
    )
    .limit(1);
  return spent ? null : visit;
}
