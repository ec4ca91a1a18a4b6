import { operations } from '#server/db/schema/cabinet';
import type { Db } from '#server/db/client';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import type { PostingKind } from '#server/db/posting-kinds';
import { customerAccounts, postTransaction, transfer, type LedgerEntryInput } from '../ledger';
import { kopecks } from '../money';

/**
 * Event bonuses (decision 027): welcome, referral, birthday. One credit is one ledger posting under the event's
 * own key (`welcome:<user>`, `referral:<referred user>`, `birthday:<user>:<year>`), so it happens once however
 * often (or on however many instances) it is tried; the history rows are written only by the call that posted.
 */
export interface EventCredit {
  userId: string;
  /** Kopecks. */
  amount: number;
  /** The history row's place: 'Приветственные бонусы', 'Бонус за приглашённого друга', … */
  place: string;
}

/** Posts the credits (one transaction, one key); answers whether this call posted them. */
export async function creditEventBonuses(
  tx: Db,
  input: { key: string; kind: PostingKind; now: Date; credits: EventCredit[] },
): Promise<boolean> {
  const credits = input.credits.filter((c) => c.amount > 0);
  if (credits.length === 0) return false;
  const entries: LedgerEntryInput[] = [];
  for (const c of credits) {
    const { bonus } = await customerAccounts(tx, c.userId);
    entries.push(...transfer(SYSTEM_ACCOUNTS.bonus_issued, bonus, kopecks(c.amount)));
  }
  const { transactionId, created } = await postTransaction(tx, {
    idempotencyKey: input.key,
    kind: input.kind,
    entries,
  });
  if (!created) return false;
  await tx.insert(operations).values(
    credits.map((c) => ({
      userId: c.userId,
      place: c.place,
      occurredAt: input.now,
      amountEarn: c.amount,
      amount: 0,
      state: 'PROCESSED' as const,
      type: 'DEPOSIT' as const,
      transactionId,
      earnRules: [{ kind: 'EVENT' as const, id: null, title: c.place }],
    })),
  );
  return true;
}
