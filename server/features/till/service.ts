import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { TillOperation, TillVisit } from '../../../common/contract/till';
import { inTransaction } from '../../db/in-transaction';
import { users } from '../../db/schema/auth';
import { cards } from '../../db/schema/cabinet';
import { tillOperations, tillUsedCodes, tillVisits } from '../../db/schema/till';
import { AppError } from '../../errors';
import { toRoubles } from '../../core/money';
import { balancesOf, earnEntries, postTransaction } from '../../core/ledger';
import { readBrandSettings } from '../../core/brand-settings';
import { chargeableCard, refundCardPayment, settleCardPayment, stopCardPayment } from './card-payment';
import type { TillCaller } from '../../lib/callers';
import {
  checkOpen,
  completeHeld,
  findByKey,
  insertHeld,
  bonusesToSpend,
  loadOperation,
  loadPoint,
  loadVisit,
  minutes,
  recordOperation,
  releaseHold,
  reverseCompleted,
  sameRequest,
  scopedKey,
  stateConflict,
  TILL_VISIT_MINUTES,
  toKopecks,
  toOperation,
  type TillDeps,
  type VisitRow,
} from './operation-rows';

export { TILL_HOLD_MINUTES, TILL_VISIT_MINUTES, toOperation, type TillDeps } from './operation-rows';

/**
 * The till's rules (docs/decisions/015-till-api.md): the member code opens a visit once; accruals and spends
 * in the visit post to the ledger with keys derived from the till operation, in the same database transaction
 * as the operation's conditional state change, so every retry or race has one effect. The saved card paying a
 * cheque is card-payment.ts (docs/decisions/022).
 */
/** product.md "The member code at the till": TOTP (RFC 6238), HMAC-SHA1, 6 digits, a 120 s step. */
export const MEMBER_CODE_STEP_SECONDS = 120;

const invalidCode = () =>
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
 * verify: the scanned code (card number + TOTP) is checked, consumed (once per card and step: the used-codes
 * primary key) and a visit of this point opened, all in one transaction.
 */
export async function verifyMemberCode(deps: TillDeps, caller: TillCaller, code: string): Promise<TillVisit> {
  const cardNum = code.slice(0, 16);
  const token = code.slice(16);
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
      throw new AppError('CODE_USED', 'Этот код уже использован: дождитесь нового кода в приложении');
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

export async function getVisit(deps: TillDeps, caller: TillCaller, visitId: string): Promise<TillVisit> {
  return visitView(deps, await loadVisit(deps.db, caller, visitId));
}

async function visitView(deps: TillDeps, visit: VisitRow): Promise<TillVisit> {
  const [[user], [card], point, balances, settings, rows, savedCard] = await Promise.all([
    deps.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, visit.userId)),
    deps.db.select({ cardNum: cards.cardNum }).from(cards).where(eq(cards.id, visit.cardId)),
    loadPoint(deps.db, visit.retailPointId),
    balancesOf(deps.db, visit.userId),
    readBrandSettings(deps.db),
    deps.db
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.visitId, visit.id))
      .orderBy(asc(tillOperations.createdAt), asc(tillOperations.id)),
    chargeableCard(deps, visit.userId),
  ]);
  const initial = user?.lastName ? ` ${user.lastName.slice(0, 1)}.` : '';
  return {
    visitId: visit.id,
    expiresAt: visit.expiresAt.toISOString(),
    customer: {
      name: `${user?.firstName || 'Покупатель'}${initial}`,
      cardNum: `**** **** **** ${(card?.cardNum ?? '').slice(-4)}`,
      bonuses: toRoubles(balances.bonus),
    },
    point: { id: point.id, title: point.title, currentBonus: point.currentBonus },
    maxSpendPercent: settings.maxSpendPercent,
    bindingActive: savedCard !== null,
    savedCard: savedCard ? `•••• ${savedCard.last4}` : null,
    operations: rows.map(toOperation),
  };
}

/** accrue: the point's rate of the cheque, credited at once (ledger key `till-accrue:<id>`), a CASHBACK. */
export async function accrue(
  deps: TillDeps,
  caller: TillCaller,
  body: { visitId: string; sum: number; idempotencyKey: string },
): Promise<TillOperation> {
  const key = scopedKey(caller, body.idempotencyKey);
  const request = { kind: 'accrue', visitId: body.visitId, sum: toKopecks(body.sum) };
  const earlier = await findByKey(deps.db, key);
  if (earlier) return sameRequest(earlier, request);
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const point = await loadPoint(deps.db, caller.retailPointId);
  const earn = Math.floor((request.sum * Math.max(0, point.currentBonus)) / 100);
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(tillOperations)
      .values({
        idempotencyKey: key,
        visitId: visit.id,
        retailPointId: point.id,
        keyId: caller.keyId,
        userId: visit.userId,
        kind: 'accrue',
        sum: request.sum,
        spend: 0,
        earn,
        earnPercent: point.currentBonus,
        state: 'completed',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: tillOperations.idempotencyKey })
      .returning();
    if (!row) return; // a parallel call with the same key got there first
    let transactionId: string | null = null;
    if (earn > 0) {
      ({ transactionId } = await postTransaction(tx, {
        idempotencyKey: `till-accrue:${row.id}`,
        kind: 'till_accrue',
        entries: await earnEntries(tx, visit.userId, earn),
      }));
    }
    await recordOperation(tx, row, point.title, transactionId, now);
  });
  return sameRequest((await findByKey(deps.db, key))!, request);
}

/**
 * spend: bonuses on hold (customer -> `till_held`, ledger key `till-hold:<id>`) within the brand's limit and
 * the balance; the ledger's conditional update refuses an overdraft, so parallel spends cannot overdraw.
 */
export async function spend(
  deps: TillDeps,
  caller: TillCaller,
  body: { visitId: string; sum: number; bonuses?: number | undefined; idempotencyKey: string },
): Promise<TillOperation> {
  const key = scopedKey(caller, body.idempotencyKey);
  const sum = toKopecks(body.sum);
  const asked = body.bonuses === undefined ? undefined : toKopecks(body.bonuses);
  const request = { kind: 'spend', visitId: body.visitId, sum, spend: asked };
  const earlier = await findByKey(deps.db, key);
  if (earlier) return sameRequest(earlier, request);
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const [point, settings, balances] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    readBrandSettings(deps.db),
    balancesOf(deps.db, visit.userId),
  ]);
  const amount = bonusesToSpend(sum, asked, settings.maxSpendPercent, balances.bonus);
  if (amount <= 0) throw new AppError('NOTHING_TO_SPEND', 'Списывать нечего: у покупателя нет бонусов');
  const earn = Math.floor(((sum - amount) * Math.max(0, point.currentBonus)) / 100);
  await insertHeld(deps, {
    idempotencyKey: key,
    visitId: visit.id,
    retailPointId: point.id,
    keyId: caller.keyId,
    userId: visit.userId,
    kind: 'spend',
    sum,
    spend: amount,
    earn,
    earnPercent: point.currentBonus,
  });
  return sameRequest((await findByKey(deps.db, key))!, request);
}

/**
 * confirm: `held` -> `completed` once: the hold is spent (`till_held` -> `bonus_spent`) and the rest of the
 * cheque earns (`bonus_issued` -> customer) in one posting `till-complete:<id>`, and the PAYMENT recorded.
 * A hold past its expiry is released instead (and the call refused). A held card payment is asked of the bank
 * again (it completes when the bank took the money).
 */
export async function confirm(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.kind === 'accrue') throw new AppError('OPERATION_KIND', 'Подтверждать нужно только списание');
  if (row.kind === 'card') {
    const after = await settleCardPayment(deps, row, { charge: false });
    if (after.state === 'held') {
      throw new AppError('BANK_UNAVAILABLE', 'Банк ещё не ответил об оплате картой: проверьте ещё раз');
    }
    if (after.state !== 'completed' && after.state !== 'refunded' && after.state !== 'refunding')
      throw stateConflict(after, 'Не подтверждено');
    return toOperation(after);
  }
  if (row.state === 'held' && row.holdExpiresAt && row.holdExpiresAt <= deps.clock.now()) {
    await releaseHold(deps, row.id, 'expired');
  } else if (row.state === 'held') {
    await completeHeld(deps, row, true);
  }
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'completed' && after.state !== 'refunded' && after.state !== 'refunding')
    throw stateConflict(after, 'Не подтверждено');
  return toOperation(after);
}

/**
 * cancel: a held spend's bonuses go back; a hold already released answers as it is. A held card payment is
 * stopped at the bank first: one the bank already took completes, and the cancel is refused.
 */
export async function cancel(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.kind === 'accrue')
    throw new AppError('OPERATION_KIND', 'Отменить можно только удержание: начисление возвращают');
  if (row.kind === 'card') await stopCardPayment(deps, row, 'cancelled');
  else if (row.state === 'held') await releaseHold(deps, row.id, 'cancelled');
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'cancelled' && after.state !== 'expired') throw stateConflict(after, 'Не отменено');
  return toOperation(after);
}

/**
 * refund (in full only): `completed` -> `refunded` once; what the operation spent goes back to the customer
 * and what it earned is taken back (operation-rows.ts `reverseInLedger`). If the customer has already spent the
 * earned bonuses the ledger refuses, the refund is a 409 and nothing changes. A card payment is also refunded
 * to the card (card-payment.ts).
 */
export async function refund(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.kind === 'card') {
    await refundCardPayment(deps, row);
  } else if (row.state === 'completed') {
    await reverseCompleted(deps, row, 'refunded');
  }
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'refunded') throw stateConflict(after, 'Не возвращено');
  return toOperation(after);
}

/**
 * The hold-expiry work for till spends and card payments (run by the interval `main.ts` starts, idempotent,
 * safe on several instances): every hold past its expiry goes back to the customer; a card payment's order is
 * cancelled at the bank first (one the bank took completes instead). Answers how many it looked at.
 */
export async function releaseExpiredTillHolds(deps: TillDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select()
    .from(tillOperations)
    .where(
      and(
        eq(tillOperations.state, 'held'),
        lte(tillOperations.holdExpiresAt, deps.clock.now()),
        // A card payment taken through another gateway (ACQUIRER changed) cannot be asked here: it waits
        // for the operator rather than filling every batch.
        or(ne(tillOperations.kind, 'card'), eq(tillOperations.acquirer, deps.acquirer.name)),
      ),
    )
    // Spends first: they need no gateway, so card payments waiting on a silent bank never starve them.
    .orderBy(sql`${tillOperations.kind} = 'card'`, asc(tillOperations.holdExpiresAt))
    .limit(limit);
  const failures: unknown[] = [];
  for (const row of due) {
    // One row that fails (a point since removed, a gateway error) must not stop the others.
    try {
      if (row.kind === 'card') await stopCardPayment(deps, row, 'expired');
      else await releaseHold(deps, row.id, 'expired');
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${due.length} expired till holds failed`);
  }
  return due.length;
}
