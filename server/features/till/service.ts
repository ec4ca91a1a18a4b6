import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { TillOperation, TillVisit } from '../../../common/contract/till';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { users } from '../../db/schema/auth';
import { cards, operations } from '../../db/schema/cabinet';
import { retailPoints } from '../../db/schema/content';
import { tillOperations, tillUsedCodes, tillVisits } from '../../db/schema/till';
import { AppError, notFound } from '../../errors';
import { toRoubles } from '../../lib/money';
import {
  balancesOf,
  customerAccounts,
  InsufficientFundsError,
  postTransaction,
  systemAccount,
  type LedgerEntryInput,
} from '../ledger/ledger';
import { readBrandSettings } from '../settings/service';
import type { TillCaller } from './keys';

/**
 * The till's rules (docs/decisions/015-till-api.md): the member code opens a visit once; accruals and spends
 * in the visit post to the ledger with keys derived from the till operation, in the same database transaction
 * as the operation's conditional state change, so every retry or race has one effect.
 */
export type TillDeps = Pick<AppDeps, 'db' | 'clock'>;
type TillOperationRow = typeof tillOperations.$inferSelect;
type VisitRow = typeof tillVisits.$inferSelect;

/** product.md "The member code at the till": TOTP (RFC 6238), HMAC-SHA1, 6 digits, a 120 s step. */
export const MEMBER_CODE_STEP_SECONDS = 120;
/** How long a scanned code keeps its visit open for accrue and spend. */
export const TILL_VISIT_MINUTES = 15;
/** How long a spend's bonuses stay on hold without confirm or cancel. */
export const TILL_HOLD_MINUTES = 15;

const toKopecks = (roubles: number) => Math.round(roubles * 100);
const minutes = (n: number) => n * 60_000;

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

async function loadPoint(db: Db, retailPointId: number) {
  const [point] = await db.select().from(retailPoints).where(eq(retailPoints.id, retailPointId));
  // The key outlived its point (an operator replaced the points): nothing can be done at it.
  if (!point)
    throw new AppError('FORBIDDEN', 'Точки этого ключа больше нет: попросите оператора выдать новый');
  return point;
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
  if (card.locked) throw new AppError('FORBIDDEN', 'Карта заблокирована');
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

/** A visit of the caller's point (404 for any other: another point's visit is indistinguishable from none). */
async function loadVisit(db: Db, caller: TillCaller, visitId: string): Promise<VisitRow> {
  const [visit] = await db
    .select()
    .from(tillVisits)
    .where(and(eq(tillVisits.id, visitId), eq(tillVisits.retailPointId, caller.retailPointId)));
  if (!visit) throw notFound('Визит не найден: отсканируйте код покупателя');
  return visit;
}

export async function getVisit(deps: TillDeps, caller: TillCaller, visitId: string): Promise<TillVisit> {
  return visitView(deps, await loadVisit(deps.db, caller, visitId));
}

async function visitView(deps: TillDeps, visit: VisitRow): Promise<TillVisit> {
  const [[user], [card], point, balances, settings, rows] = await Promise.all([
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
    // Saved bank cards paying the rest at the till are not built yet (docs/decisions/015).
    bindingActive: false,
    operations: rows.map(toOperation),
  };
}

export function toOperation(row: TillOperationRow): TillOperation {
  return {
    operationId: row.id,
    visitId: row.visitId,
    kind: row.kind === 'accrue' ? 'ACCRUE' : 'SPEND',
    state: row.state.toUpperCase() as TillOperation['state'],
    sum: toRoubles(row.sum),
    spent: toRoubles(row.spend),
    earned: toRoubles(row.earn),
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.state === 'held' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
  };
}

const scopedKey = (caller: TillCaller, key: string) => `${caller.retailPointId}:${key}`;

async function findByKey(db: Db, key: string): Promise<TillOperationRow | undefined> {
  const [row] = await db.select().from(tillOperations).where(eq(tillOperations.idempotencyKey, key));
  return row;
}

/** A repeated key answers its first operation, but only for the same request (else a 409: a client bug). */
function sameRequest(
  row: TillOperationRow,
  request: { kind: string; visitId: string; sum: number; spend?: number },
) {
  if (
    row.kind !== request.kind ||
    row.visitId !== request.visitId ||
    row.sum !== request.sum ||
    (request.spend !== undefined && row.spend !== request.spend)
  ) {
    throw new AppError('CONFLICT', 'Этот ключ идемпотентности уже использован для другой операции');
  }
  return toOperation(row);
}

function checkOpen(deps: TillDeps, visit: VisitRow) {
  if (visit.expiresAt <= deps.clock.now()) {
    throw new AppError('CONFLICT', 'Визит закончился: отсканируйте код покупателя ещё раз');
  }
}

/** The cabinet's history row for a completed till operation. */
async function recordOperation(
  tx: Db,
  row: TillOperationRow,
  place: string,
  transactionId: string | null,
  now: Date,
) {
  const [operation] = await tx
    .insert(operations)
    .values({
      userId: row.userId,
      place,
      occurredAt: now,
      amountEarn: row.earn,
      amountSpend: row.spend,
      amount: row.sum,
      state: 'PROCESSED',
      type: row.kind === 'accrue' ? 'CASHBACK' : 'PAYMENT',
      transactionId,
    })
    .returning({ id: operations.id });
  await tx.update(tillOperations).set({ operationId: operation!.id }).where(eq(tillOperations.id, row.id));
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
      const accounts = await customerAccounts(tx, visit.userId);
      ({ transactionId } = await postTransaction(tx, {
        idempotencyKey: `till-accrue:${row.id}`,
        kind: 'till_accrue',
        entries: [
          { accountId: await systemAccount(tx, 'bonus_issued'), amount: -earn },
          { accountId: accounts.bonus, amount: earn },
        ],
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
  const limit = Math.floor((sum * settings.maxSpendPercent) / 100);
  const amount = asked ?? Math.min(limit, balances.bonus);
  if (amount > limit) {
    throw new AppError(
      'CONFLICT',
      `Бонусами можно оплатить не больше ${settings.maxSpendPercent}% чека: ${toRoubles(limit)}`,
    );
  }
  if (amount > balances.bonus) throw insufficient(balances.bonus);
  if (amount <= 0) throw new AppError('CONFLICT', 'Списывать нечего: у покупателя нет бонусов');
  const earn = Math.floor(((sum - amount) * Math.max(0, point.currentBonus)) / 100);
  try {
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
          kind: 'spend',
          sum,
          spend: amount,
          earn,
          earnPercent: point.currentBonus,
          state: 'held',
          holdExpiresAt: new Date(now.getTime() + minutes(TILL_HOLD_MINUTES)),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: tillOperations.idempotencyKey })
        .returning();
      if (!row) return;
      const accounts = await customerAccounts(tx, visit.userId);
      await postTransaction(tx, {
        idempotencyKey: `till-hold:${row.id}`,
        kind: 'till_hold',
        entries: [
          { accountId: accounts.bonus, amount: -amount },
          { accountId: await systemAccount(tx, 'till_held'), amount },
        ],
      });
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw insufficient((await balancesOf(deps.db, visit.userId)).bonus);
    }
    throw error;
  }
  return sameRequest((await findByKey(deps.db, key))!, request);
}

const insufficient = (balance: number) =>
  new AppError('CONFLICT', `Недостаточно бонусов: доступно ${toRoubles(balance)}`);

/** An operation of the caller's point (404 for any other). */
async function loadOperation(db: Db, caller: TillCaller, operationId: string): Promise<TillOperationRow> {
  const [row] = await db
    .select()
    .from(tillOperations)
    .where(and(eq(tillOperations.id, operationId), eq(tillOperations.retailPointId, caller.retailPointId)));
  if (!row) throw notFound('Операция не найдена');
  return row;
}

const STATE_TEXT: Record<TillOperationRow['state'], string> = {
  held: 'ждёт подтверждения',
  completed: 'уже проведена',
  cancelled: 'отменена',
  expired: 'отменена: время удержания вышло',
  refunded: 'уже возвращена',
};
const stateConflict = (row: TillOperationRow, what: string) =>
  new AppError('CONFLICT', `${what}: операция ${STATE_TEXT[row.state]}`);

/** `held` -> `to` once, giving the bonuses back (ledger key `till-release:<id>`) in the same transaction. */
async function releaseHold(deps: TillDeps, operationId: string, to: 'cancelled' | 'expired') {
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const [moved] = await tx
      .update(tillOperations)
      .set({ state: to, updatedAt: now })
      .where(and(eq(tillOperations.id, operationId), eq(tillOperations.state, 'held')))
      .returning();
    if (!moved) return;
    const accounts = await customerAccounts(tx, moved.userId);
    await postTransaction(tx, {
      idempotencyKey: `till-release:${moved.id}`,
      kind: 'till_release',
      entries: [
        { accountId: await systemAccount(tx, 'till_held'), amount: -moved.spend },
        { accountId: accounts.bonus, amount: moved.spend },
      ],
    });
  });
}

/**
 * confirm: `held` -> `completed` once: the hold is spent (`till_held` -> `bonus_spent`) and the rest of the
 * cheque earns (`bonus_issued` -> customer) in one posting `till-complete:<id>`, and the PAYMENT recorded.
 * A hold past its expiry is released instead (and the call refused).
 */
export async function confirm(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.kind !== 'spend') throw new AppError('CONFLICT', 'Подтверждать нужно только списание');
  if (row.state === 'held' && row.holdExpiresAt && row.holdExpiresAt <= deps.clock.now()) {
    await releaseHold(deps, row.id, 'expired');
  } else if (row.state === 'held') {
    const point = await loadPoint(deps.db, row.retailPointId);
    await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const [done] = await tx
        .update(tillOperations)
        .set({ state: 'completed', updatedAt: now })
        .where(
          and(
            eq(tillOperations.id, row.id),
            eq(tillOperations.state, 'held'),
            gt(tillOperations.holdExpiresAt, now),
          ),
        )
        .returning();
      if (!done) return;
      const entries: LedgerEntryInput[] = [
        { accountId: await systemAccount(tx, 'till_held'), amount: -done.spend },
        { accountId: await systemAccount(tx, 'bonus_spent'), amount: done.spend },
      ];
      if (done.earn > 0) {
        const accounts = await customerAccounts(tx, done.userId);
        entries.push(
          { accountId: await systemAccount(tx, 'bonus_issued'), amount: -done.earn },
          { accountId: accounts.bonus, amount: done.earn },
        );
      }
      const posted = await postTransaction(tx, {
        idempotencyKey: `till-complete:${done.id}`,
        kind: 'till_spend',
        entries,
      });
      await recordOperation(tx, done, point.title, posted.transactionId, now);
    });
  }
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'completed' && after.state !== 'refunded')
    throw stateConflict(after, 'Не подтверждено');
  return toOperation(after);
}

/** cancel: a held spend's bonuses go back; a hold already released answers as it is. */
export async function cancel(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.kind !== 'spend')
    throw new AppError('CONFLICT', 'Отменить можно только удержание: начисление возвращают');
  if (row.state === 'held') await releaseHold(deps, row.id, 'cancelled');
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'cancelled' && after.state !== 'expired') throw stateConflict(after, 'Не отменено');
  return toOperation(after);
}

/**
 * refund (in full only): `completed` -> `refunded` once; what the operation spent goes back to the customer
 * and what it earned is taken back, netted into one customer entry (ledger key `till-refund:<id>`). If the
 * customer has already spent the earned bonuses the ledger refuses, the refund is a 409 and nothing changes.
 * The cabinet's history row is marked CANCEL.
 */
export async function refund(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.state === 'completed') {
    try {
      await inTransaction(deps.db, async (tx) => {
        const [moved] = await tx
          .update(tillOperations)
          .set({ state: 'refunded', updatedAt: deps.clock.now() })
          .where(and(eq(tillOperations.id, row.id), eq(tillOperations.state, 'completed')))
          .returning();
        if (!moved) return;
        const entries: LedgerEntryInput[] = [];
        if (moved.spend > 0)
          entries.push({ accountId: await systemAccount(tx, 'bonus_spent'), amount: -moved.spend });
        if (moved.earn > 0)
          entries.push({ accountId: await systemAccount(tx, 'bonus_issued'), amount: moved.earn });
        const net = moved.spend - moved.earn;
        if (net !== 0)
          entries.push({ accountId: (await customerAccounts(tx, moved.userId)).bonus, amount: net });
        if (entries.length > 0) {
          await postTransaction(tx, {
            idempotencyKey: `till-refund:${moved.id}`,
            kind: 'till_refund',
            entries,
          });
        }
        if (moved.operationId) {
          await tx.update(operations).set({ state: 'CANCEL' }).where(eq(operations.id, moved.operationId));
        }
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw new AppError('CONFLICT', 'Бонусы за эту покупку уже потрачены: вернуть операцию нельзя');
      }
      throw error;
    }
  }
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'refunded') throw stateConflict(after, 'Не возвращено');
  return toOperation(after);
}

/**
 * The hold-expiry work for till spends (run by the interval `main.ts` starts, idempotent, safe on several
 * instances): every hold past its expiry goes back to the customer. Answers how many it looked at.
 */
export async function releaseExpiredTillHolds(deps: TillDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select({ id: tillOperations.id })
    .from(tillOperations)
    .where(and(eq(tillOperations.state, 'held'), lte(tillOperations.holdExpiresAt, deps.clock.now())))
    .orderBy(asc(tillOperations.holdExpiresAt))
    .limit(limit);
  for (const { id } of due) await releaseHold(deps, id, 'expired');
  return due.length;
}
