import { formatBonuses } from '#common/lib/format';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ADJUSTMENT_LIMITS } from '#common/contract/permissions';
import type { MemberDetails } from '#common/contract/members';
import type { AppDeps } from '#server/app-deps';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { balancesOf, customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { postingKey } from '#server/db/posting-kinds';
import { fromRoubles, toRoubles } from '#server/core/money';
import { inTransaction } from '#server/db/in-transaction';
import { sessions, users } from '#server/db/schema/auth';
import { cards, operations } from '#server/db/schema/cabinet';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { AppError, notFound } from '#server/errors';
import { assertDailyAdjustmentLimit, priorAdjustment } from './adjustment-checks';
import { withCards } from './search';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

async function userOf(deps: Pick<Deps, 'db'>, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Участник не найден');
  return user;
}

/** A member who can still be changed: a deleted account (decision 028) takes no adjustment or unblocking. */
async function liveUserOf(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await userOf(deps, userId);
  if (user.deletedAt) throw notFound('Аккаунт участника удалён');
  return user;
}

/** A member's page: cards, balances, the last 50 operations, how many sessions are open. */
export async function memberDetails(deps: Deps, userId: string): Promise<MemberDetails> {
  const user = await userOf(deps, userId);
  const [summary] = await withCards(deps.db, [user]);
  const balances = await balancesOf(deps.db, userId);
  const history = await deps.db
    .select()
    .from(operations)
    .where(eq(operations.userId, userId))
    .orderBy(desc(operations.occurredAt), desc(operations.id))
    .limit(50);
  const [open] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return {
    ...summary!,
    email: user.email,
    registeredAt: user.registeredAt?.toISOString() ?? null,
    balances: { bonus: toRoubles(balances.bonus), money: toRoubles(balances.money) },
    operations: history.map((o) => ({
      id: o.id,
      occurredAt: o.occurredAt.toISOString(),
      place: o.place,
      type: o.type,
      state: o.state,
      amount: toRoubles(o.amount),
      earned: toRoubles(o.amountEarn),
      spent: toRoubles(o.amountSpend),
    })),
    activeSessions: open?.n ?? 0,
  };
}

/** Ends every session of the member: their refresh tokens stop working, access tokens within their 15 min. */
export async function endMemberSessions(deps: Deps, actor: AuditActor, userId: string) {
  await userOf(deps, userId);
  return inTransaction(deps.db, async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: deps.clock.now(), revokedReason: 'operator' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await recordAudit(tx, actor, {
      action: 'member.end-sessions',
      entity: 'member',
      entityId: userId,
      after: { ended: ended.length },
    });
    return { ended: ended.length };
  });
}

/**
 * A manual adjustment of the member's bonuses: its own ledger kind against the `bonus_adjusted` system account,
 * an operation in the member's history, the audit row, all in one transaction; the role's limit first. Taking
 * back more than the balance is refused by the ledger (INSUFFICIENT_FUNDS).
 */
export async function adjustBonuses(
  deps: Deps,
  actor: AuditActor,
  userId: string,
  input: { amount: number; reason: string; idempotencyKey: string },
) {
  const { caller } = actor;
  if (caller.kind === 'staff') {
    const limit = ADJUSTMENT_LIMITS[caller.role];
    if (limit === undefined || Math.abs(input.amount) > limit) {
      throw new AppError(
        'ADJUSTMENT_LIMIT',
        `Ваша роль может изменить не больше чем на ${formatBonuses(limit ?? 0)}`,
      );
    }
  }
  await liveUserOf(deps, userId);
  const kopecks = fromRoubles(input.amount);
  await inTransaction(deps.db, async (tx) => {
    // The member's row lock: adjustments of one member (and their retries) count one after another.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const accounts = await customerAccounts(tx, userId);
    // Scoped to the member: a key reused for another member is a new adjustment, never a silent no-op.
    const idempotencyKey = postingKey('manual_adjustment', userId, input.idempotencyKey);
    if ((await priorAdjustment(tx, idempotencyKey, accounts.bonus, kopecks)) !== null) return;
    await assertDailyAdjustmentLimit(tx, actor, userId, input.amount, deps.clock.now());
    const before = await balancesOf(tx, userId);
    const { transactionId, created } = await postTransaction(tx, {
      idempotencyKey,
      kind: 'manual_adjustment',
      // Signed: a negative adjustment moves the other way.
      entries: transfer(SYSTEM_ACCOUNTS.bonus_adjusted, accounts.bonus, kopecks),
    });
    if (!created) return;
    await tx.insert(operations).values({
      userId,
      place: `Корректировка: ${input.reason}`,
      occurredAt: deps.clock.now(),
      amountEarn: Math.max(kopecks, 0),
      amountSpend: Math.max(-kopecks, 0),
      state: 'PROCESSED',
      type: 'CASHBACK',
      transactionId,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'member.adjust-bonuses',
        entity: 'member',
        entityId: userId,
        before: { bonus: toRoubles(before.bonus) },
        after: { bonus: toRoubles(before.bonus + kopecks), amount: input.amount, reason: input.reason },
      },
      // At the app's clock: the daily limit reads the day by it (adjustment-checks.ts).
      deps.clock.now(),
    );
  });
  return { bonus: toRoubles((await balancesOf(deps.db, userId)).bonus) };
}

/** Blocks or unblocks a card: the till refuses a blocked card's member code (CARD_LOCKED). */
export async function setCardLock(deps: Deps, actor: AuditActor, cardNum: string, locked: boolean) {
  return inTransaction(deps.db, async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.cardNum, cardNum)).for('update');
    if (!card) throw notFound('Карта не найдена');
    if (card.userId) await liveUserOf({ db: tx }, card.userId);
    if (card.locked !== locked) {
      await tx.update(cards).set({ locked }).where(eq(cards.id, card.id));
      await recordAudit(tx, actor, {
        action: locked ? 'card.block' : 'card.unblock',
        entity: 'card',
        entityId: cardNum,
        before: { locked: card.locked },
        after: { locked },
      });
    }
    const [user] = await tx
      .select({ activeCardId: users.activeCardId })
      .from(users)
      .where(eq(users.id, card.userId));
    return { cardNum, locked, active: user?.activeCardId === card.id };
  });
}
