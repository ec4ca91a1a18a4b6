import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { pendingBonuses } from '#server/db/schema/programme';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { brandSettingsWithin } from '../brand-settings';
import { customerAccounts, earnEntries, postTransaction, transfer, type LedgerEntryInput } from '../ledger';
import { kopecks } from '../money';
import { postingKey } from '#server/db/posting-kinds';
import type { EarnDeps } from './earn';

/**
 * Pending bonuses (decision 030): with the brand's return window (`bonusPendingDays` > 0) an earn is credited
 * to the customer's `bonus_pending` account and a `pending_bonuses` row; the job moves it to `bonus` (a lot
 * starts then) when the window passes, and a refund inside the window takes it back from `bonus_pending`.
 * With the window off (the default) nothing here costs a query: the setting comes from the content cache.
 */

const DAY = 86_400_000;
const BATCH = 100;

/** The earn's ledger entries, and what to do once the posting is made (record the pending row). */
export interface EarnCredit {
  entries: LedgerEntryInput[];
  /** Call after posting under `key`, in the same transaction, only when the posting was created. */
  afterPosting: (key: string) => Promise<void>;
}

const nothing = async () => undefined;

export async function earnCredit(deps: EarnDeps, tx: Db, userId: string, earn: number): Promise<EarnCredit> {
  const { bonusPendingDays } = earn > 0 ? await brandSettingsWithin(tx, deps.cache) : { bonusPendingDays: 0 };
  if (!bonusPendingDays)
    return { entries: await earnEntries(tx, userId, kopecks(earn)), afterPosting: nothing };
  const account = await pendingAccount(tx, userId);
  const releasesAt = new Date(deps.clock.now().getTime() + bonusPendingDays * DAY);
  return {
    entries: transfer(SYSTEM_ACCOUNTS.bonus_issued, account, kopecks(earn)),
    afterPosting: async (sourceKey) => {
      await tx.insert(pendingBonuses).values({ userId, sourceKey, amount: earn, releasesAt });
    },
  };
}

/** The customer's `bonus_pending` account, created on first use (safe under concurrent calls). */
export async function pendingAccount(tx: Db, userId: string): Promise<string> {
  const find = () =>
    tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'bonus_pending')));
  const [found] = await find();
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values({ userId, kind: 'bonus_pending' })
    .onConflictDoNothing({ target: [ledgerAccounts.userId, ledgerAccounts.kind] });
  const [created] = await find();
  if (!created) throw new Error('pending account missing after creation');
  return created.id;
}

/**
 * A refund's side (in the caller's transaction): takes the pending earn of one of `sourceKeys` back, once, if
 * it is still pending. Answers the entry to post (from `bonus_pending`) and the kopecks, or null when the earn
 * was spendable already (or there was none): the caller then takes it from `bonus` as before.
 */
export async function reversePending(
  tx: Db,
  sourceKeys: string[],
): Promise<{ entry: LedgerEntryInput; amount: number } | null> {
  const [row] = await tx
    .update(pendingBonuses)
    .set({ state: 'reversed' })
    .where(and(inArray(pendingBonuses.sourceKey, sourceKeys), eq(pendingBonuses.state, 'pending')))
    .returning();
  if (!row) return null;
  return {
    entry: { accountId: await pendingAccount(tx, row.userId), amount: kopecks(-row.amount) },
    amount: row.amount,
  };
}

/**
 * The job: each pending earn whose window has passed moves to the customer's `bonus` account (ledger key
 * `pending-release:<row>`), where the lots trigger starts its lot (and its expiry). The row's conditional update
 * decides between a release and a parallel refund; a deleted account's (decision 028) goes to `bonus_forfeited`.
 */
export async function releasePendingBonuses(deps: Pick<EarnDeps, 'db' | 'clock'>): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: pendingBonuses.id })
      .from(pendingBonuses)
      .where(and(eq(pendingBonuses.state, 'pending'), lte(pendingBonuses.releasesAt, deps.clock.now())))
      .orderBy(asc(pendingBonuses.releasesAt))
      .limit(BATCH);
    for (const { id } of due) if (await releaseOne(deps.db, id)) released++;
    if (due.length < BATCH) return released;
  }
}

async function releaseOne(db: Db, id: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(pendingBonuses)
      .set({ state: 'released' })
      .where(and(eq(pendingBonuses.id, id), eq(pendingBonuses.state, 'pending')))
      .returning();
    if (!row) return false;
    const [user] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, row.userId));
    const to = user?.deletedAt
      ? SYSTEM_ACCOUNTS.bonus_forfeited
      : (await customerAccounts(tx, row.userId)).bonus;
    await postTransaction(tx, {
      idempotencyKey: postingKey('pending_release', row.id),
      kind: 'pending_release',
      entries: transfer(await pendingAccount(tx, row.userId), to, kopecks(row.amount)),
    });
    return true;
  });
}

/** What the customer has pending and when the first of it becomes spendable, or null. */
export async function pendingSummary(db: Db, userId: string): Promise<{ amount: number; from: Date } | null> {
  const [row] = await db
    .select({
      amount: sql<string>`coalesce(sum(${pendingBonuses.amount}), 0)::text`,
      from: sql<Date | null>`min(${pendingBonuses.releasesAt})`,
    })
    .from(pendingBonuses)
    .where(and(eq(pendingBonuses.userId, userId), eq(pendingBonuses.state, 'pending')));
  const amount = Number(row?.amount ?? 0);
  return amount > 0 && row?.from ? { amount, from: new Date(row.from) } : null;
}
