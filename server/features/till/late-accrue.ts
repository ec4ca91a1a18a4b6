import { eq } from 'drizzle-orm';
import type { ReceiptItem } from '#common/contract/receipt';
import type { TillOperation } from '#common/contract/till';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import { earnCredit } from '#server/core/earn/pending';
import { postTransaction } from '#server/core/ledger';
import { fromRoubles, kopecks } from '#server/core/money';
import { earnForReceipt, type ReceiptEarned } from '#server/core/receipt/receipt-earn';
import { checkSameReceipt, writeReceiptLines } from '#server/core/receipt/receipt-rows';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { cards } from '#server/db/schema/cabinet';
import { tillOperations, tillUsedCodes, tillVisits } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import { invalidCode, limitVerify, memberCodeStep } from './member-code';
import { findByKey, loadPoint, recordOperation, toOperation, type TillDeps } from './operation-rows';
import { readTillLines } from './receipt';

/**
 * A late receipt (issue 29, decision 061): a till that lost the network kept its receipts and sends them when
 * it is back. The member code is checked against the receipt's own time, consumed like a scan, and the receipt
 * earns by the campaigns and the member's level of that time; the history shows it at that time. The point
 * and the till's receipt number make it idempotent: the same number again answers the first operation, with
 * another body it is a 409.
 */
export interface LateReceipt {
  code: string;
  occurredAt: string;
  receiptNo: string;
  sum: number;
  items?: ReceiptItem[] | undefined;
}

/** A till's clock may run a little ahead of ours. */
const CLOCK_SKEW_MS = 5 * 60_000;

function checkTime(at: Date, now: Date, days: number) {
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new AppError('RECEIPT_TIME', 'Время чека впереди часов сервера: проверьте часы кассы');
  }
  if (days === 0) throw new AppError('RECEIPT_TOO_LATE', 'Программа не принимает чеки задним числом');
  if (at.getTime() < now.getTime() - days * 86_400_000) {
    throw new AppError(
      'RECEIPT_TOO_LATE',
      `Чек старше ${days} дн.: программа принимает чеки не старше этого`,
    );
  }
}

/** The card whose code was shown at `at`, and the code's TOTP step then. */
async function cardAt(db: Db, code: string, at: Date) {
  const [card] = await db
    .select()
    .from(cards)
    .where(eq(cards.cardNum, code.slice(0, 16)));
  const step = card ? memberCodeStep(card.qrSecret, code.slice(16), at.getTime()) : null;
  if (!card || step === null) throw invalidCode();
  if (card.locked) throw new AppError('CARD_LOCKED', 'Карта заблокирована');
  return { card, step };
}

export async function lateAccrue(
  deps: TillDeps & Pick<AppDeps, 'rateLimiter'>,
  caller: TillCaller,
  body: LateReceipt,
): Promise<TillOperation> {
  const key = `${caller.retailPointId}:receipt:${body.receiptNo}`;
  const at = new Date(body.occurredAt);
  const sum = fromRoubles(body.sum);
  const [earlier, lines] = await Promise.all([findByKey(deps.db, key), readTillLines(deps.db, body.items)]);
  if (earlier) return sameLateReceipt(deps.db, earlier, sum, at, lines);
  const settings = await readBrandSettings(deps.db);
  checkTime(at, deps.clock.now(), settings.lateAccrualDays);
  await limitVerify(deps, caller.keyId, body.code.slice(0, 16));
  const [point, { card, step }] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    cardAt(deps.db, body.code, at),
  ]);
  const earned = await earnForReceipt(deps, {
    sum,
    spend: kopecks(0),
    lines,
    maxSpendPercent: settings.maxSpendPercent,
    point,
    at,
    timeZone: settings.timeZone,
    userId: card.userId,
  });
  await writeLateAccrual(deps, { key, caller, card, step, at, sum, earned, place: point.title });
  const row = (await findByKey(deps.db, key))!;
  return sameLateReceipt(deps.db, row, sum, at, lines);
}

/** A repeated receipt number answers its first operation, but only for the same receipt. */
async function sameLateReceipt(
  db: Db,
  row: typeof tillOperations.$inferSelect,
  sum: number,
  at: Date,
  lines: Parameters<typeof checkSameReceipt>[3],
) {
  await checkSameReceipt(db, 'till', row.id, lines);
  if (row.kind !== 'accrue' || row.sum !== sum || row.createdAt.getTime() !== at.getTime()) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'Чек с этим номером уже принят с другими данными');
  }
  return toOperation(row);
}

interface LateAccrual {
  key: string;
  caller: TillCaller;
  card: typeof cards.$inferSelect;
  step: number;
  at: Date;
  sum: number;
  earned: ReceiptEarned;
  place: string;
}

/**
 * In one transaction: the code consumed (a code opens one visit, late or not), a visit of that moment, the
 * completed accrual with its lines, its credit, and the history row dated at the receipt's time.
 */
async function writeLateAccrual(deps: TillDeps, late: LateAccrual) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const used = await tx
      .insert(tillUsedCodes)
      .values({ cardId: late.card.id, step: late.step, usedAt: now })
      .onConflictDoNothing()
      .returning({ step: tillUsedCodes.step });
    if (used.length === 0) {
      // The same receipt sent twice at once: the first took the code, and this one answers its operation.
      if (await findByKey(tx, late.key)) return;
      throw new AppError('CODE_USED', 'Этот код уже использован: по одному коду принимается один чек');
    }
    const [visit] = await tx
      .insert(tillVisits)
      .values({
        retailPointId: late.caller.retailPointId,
        keyId: late.caller.keyId,
        userId: late.card.userId,
        cardId: late.card.id,
        createdAt: late.at,
        expiresAt: late.at,
      })
      .returning();
    const [row] = await tx
      .insert(tillOperations)
      .values({
        idempotencyKey: late.key,
        visitId: visit!.id,
        retailPointId: late.caller.retailPointId,
        keyId: late.caller.keyId,
        userId: late.card.userId,
        kind: 'accrue',
        sum: late.sum,
        spend: 0,
        earn: late.earned.earn,
        earnPercent: late.earned.pointPercent,
        earnRate: late.earned.rate,
        earnRules: late.earned.rules,
        state: 'completed',
        createdAt: late.at,
        updatedAt: now,
        // Recorded now: the report's days count what was recorded on them, as its updated_at did.
        completedAt: now,
      })
      .returning();
    await writeReceiptLines(tx, 'till', row!.id, late.earned.lines ?? []);
    let transactionId: string | null = null;
    if (row!.earn > 0) {
      const credit = await earnCredit(deps, tx, row!.userId, row!.earn);
      const postingKey = `till-accrue:${row!.id}`;
      const posted = await postTransaction(tx, {
        idempotencyKey: postingKey,
        kind: 'till_accrue',
        entries: credit.entries,
      });
      if (posted.created) await credit.afterPosting(postingKey);
      transactionId = posted.transactionId;
    }
    await recordOperation(deps, tx, row!, late.place, transactionId, late.at);
  });
}
