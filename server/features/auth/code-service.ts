import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { TokenPair } from '#common/contract/auth';
import { authCodes, authFailures, smsSends } from '#server/db/schema/auth';
import { AppError, tooManyRequests } from '#server/errors';
import { maskPhone } from '#server/integrations/sms/sms-provider';
import { generateCode, hashCode, sameHash } from './auth-crypto';
import { inTransaction, type AuthContext, type SmsAuthContext, type Tx } from './auth-context';
import { AUTH_LIMITS as L } from './limits';
import { startSession } from './token-service';

const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;
const after = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** Refuses a send within 60 s of the phone's last one. */
function resendRefusal(sentAt: Date | undefined, now: Date) {
  const wait = seconds(now, after(sentAt ?? now, L.resendGapMs));
  return tooManyRequests(`Повторная отправка кода возможна через ${Math.ceil(wait)} с`, wait);
}

/** Refuses a send when the phone already had 5 in the last 10 minutes. */
async function refuseIfPhoneWindowFull(db: Tx, phone: string, now: Date) {
  const recent = await db
    .select({ sentAt: smsSends.sentAt })
    .from(smsSends)
    .where(and(eq(smsSends.phone, phone), gt(smsSends.sentAt, new Date(now.getTime() - L.phoneSendWindowMs))))
    .orderBy(asc(smsSends.sentAt));
  if (recent.length >= L.phoneSendsPerWindow && recent[0]) {
    const wait = seconds(now, after(recent[0].sentAt, L.phoneSendWindowMs));
    throw tooManyRequests(
      `Слишком много СМС на этот номер. Попробуйте через ${Math.ceil(wait / 60)} мин.`,
      wait,
    );
  }
}

/**
 * The shared limits (the address, the daily budget), taken before the transaction (decision 049): Redis may be
 * slow or away, and a transaction waiting for it would hold a connection (PGlite's only one) from every other
 * request. A refusal later (a parallel send that won the phone) keeps these counts: it costs the address one
 * try, and the budget at most one unit per racing request, which the address limit bounds.
 */
async function takeSharedLimits(ctx: SmsAuthContext, ip: string, now: Date) {
  const ipUntil = await ctx.rateLimiter.take(
    ctx.db,
    `sms-ip:${ip}`,
    L.ipSendsPerWindow,
    L.ipSendWindowMs,
    now,
  );
  if (ipUntil) {
    throw tooManyRequests(
      'Слишком много запросов кода с вашего адреса. Попробуйте позже.',
      seconds(now, ipUntil),
    );
  }
  const budget = ctx.config.smsDailyBudget;
  const budgetUntil = await ctx.rateLimiter.take(ctx.db, 'sms-budget', budget, L.budgetWindowMs, now);
  if (budgetUntil) {
    throw tooManyRequests('Отправка СМС временно недоступна. Попробуйте позже.', seconds(now, budgetUntil));
  }
}

/**
 * Sends a new code; answers nothing about the phone. The phone's own limits are read first without a lock, so
 * a resend refused by them costs the address and the budget nothing; then the shared limits; then one
 * transaction checks the phone's limits again, under its row's lock, and stores the code.
 */
export async function sendCode(
  ctx: SmsAuthContext,
  phone: string,
  ip: string,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  const now = ctx.clock.now();
  const testCode = ctx.config.smsTestOtp.get(phone);
  if (testCode !== undefined) return armTestCode(ctx, phone, testCode, now);
  const [last] = await ctx.db
    .select({ sentAt: authCodes.sentAt })
    .from(authCodes)
    .where(eq(authCodes.phone, phone));
  if (last && last.sentAt > new Date(now.getTime() - L.resendGapMs)) throw resendRefusal(last.sentAt, now);
  await refuseIfPhoneWindowFull(ctx.db, phone, now);
  await takeSharedLimits(ctx, ip, now);
  const code = generateCode();
  const codeHash = hashCode(ctx.keys, phone, code);
  await inTransaction(ctx.db, async (tx) => {
    // One row per phone, replaced only when the last send is 60 s old: of parallel sends exactly one wins.
    const fresh = { codeHash, sentAt: now, expiresAt: after(now, L.codeTtlMs), attempts: 0, usedAt: null };
    const stored = await tx
      .insert(authCodes)
      .values({ phone, ...fresh })
      .onConflictDoUpdate({
        target: authCodes.phone,
        set: fresh,
        setWhere: lte(authCodes.sentAt, new Date(now.getTime() - L.resendGapMs)),
      })
      .returning({ phone: authCodes.phone });
    if (stored.length === 0) {
      const [row] = await tx.select().from(authCodes).where(eq(authCodes.phone, phone));
      throw resendRefusal(row?.sentAt, now);
    }
    // The phone's row is locked until commit, so this count cannot race with another send to the phone.
    await refuseIfPhoneWindowFull(tx, phone, now);
    await tx.insert(smsSends).values({ phone, ip, sentAt: now });
  });
  try {
    await ctx.sms.send(phone, `Код для входа: ${code}. Никому его не сообщайте.`);
  } catch (error) {
    // Not delivered: let the customer ask again at once (the limits above stay taken: they cost us nothing).
    await ctx.db
      .update(authCodes)
      .set({ sentAt: new Date(now.getTime() - L.resendGapMs), attempts: L.maxTriesPerCode })
      .where(and(eq(authCodes.phone, phone), eq(authCodes.codeHash, codeHash)));
    log.warn({ phone: maskPhone(phone), reason: (error as Error).message }, 'SMS not sent');
    throw new AppError('SMS_FAILED', 'Не удалось отправить СМС. Попробуйте позже.');
  }
}

/**
 * An SMS_TEST_OTP number (store review, demos, journeys) gets its fixed code armed for one use, with no SMS:
 * its code is already known to whoever was given it, so a message would only cost money (review numbers are
 * often not even assigned). With nothing sent there is nothing to pump, so the send limits do not apply; the
 * verification limits (5 tries per code, 10 failures a day) do.
 */
async function armTestCode(ctx: SmsAuthContext, phone: string, code: string, now: Date) {
  const fresh = {
    codeHash: hashCode(ctx.keys, phone, code),
    sentAt: now,
    expiresAt: after(now, L.codeTtlMs),
    attempts: 0,
    usedAt: null,
  };
  await ctx.db
    .insert(authCodes)
    .values({ phone, ...fresh })
    .onConflictDoUpdate({ target: authCodes.phone, set: fresh });
}

type Verdict = { kind: 'ok'; pair: TokenPair } | { kind: 'locked'; retryAfter: number } | { kind: 'wrong' };

/**
 * Checks a code: once, within 5 minutes, 5 tries; success starts a session (and the customer, the first time).
 * Every failure answers alike and counts against the phone's daily cap, whether the phone has a pending code
 * or not (a used, expired, blocked or never-sent one): the answer must not tell a stranger which phones are
 * logging in (decision 048).
 */
export async function verifyCode(ctx: AuthContext, phone: string, code: string): Promise<TokenPair> {
  const now = ctx.clock.now();
  const verdict = await inTransaction(ctx.db, async (tx): Promise<Verdict> => {
    // Lock the phone's code first: concurrent guesses are then counted one after another.
    const [row] = await tx.select().from(authCodes).where(eq(authCodes.phone, phone)).for('update');
    const since = new Date(now.getTime() - L.failureWindowMs);
    const failures = await tx
      .select({ failedAt: authFailures.failedAt })
      .from(authFailures)
      .where(and(eq(authFailures.phone, phone), gt(authFailures.failedAt, since)))
      .orderBy(asc(authFailures.failedAt));
    if (failures.length >= L.phoneFailuresPerDay && failures[0]) {
      return { kind: 'locked', retryAfter: seconds(now, after(failures[0].failedAt, L.failureWindowMs)) };
    }
    const pending = row && !row.usedAt && row.attempts < L.maxTriesPerCode && row.expiresAt > now;
    if (!pending || !sameHash(row.codeHash, hashCode(ctx.keys, phone, code))) {
      if (row) {
        await tx
          .update(authCodes)
          .set({ attempts: sql`${authCodes.attempts} + 1` })
          .where(eq(authCodes.phone, phone));
      }
      await tx.insert(authFailures).values({ phone, failedAt: now });
      return { kind: 'wrong' };
    }
    await tx.update(authCodes).set({ usedAt: now }).where(eq(authCodes.phone, phone));
    return { kind: 'ok', pair: await startSession(tx, ctx.keys, phone, now, ctx.db) };
  });
  switch (verdict.kind) {
    case 'ok':
      return verdict.pair;
    case 'locked':
      throw tooManyRequests(
        'Слишком много неверных кодов для этого номера. Попробуйте позже.',
        verdict.retryAfter,
      );
    case 'wrong':
      throw new AppError('INCORRECT_ACTIVATION_CODE', 'Неправильный код подтверждения');
  }
}
