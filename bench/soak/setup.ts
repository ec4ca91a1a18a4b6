// What the storm needs before it starts and no API gives: payers with bonuses (as money-path.ts does).
import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey } from '#server/db/posting-kinds';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';

export async function creditBonuses(db: Db, phones: string[]) {
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.phone, phones));
  for (const user of found) {
    await inTransaction(db, async (tx) => {
      const accounts = await customerAccounts(tx, user.id);
      await postTransaction(tx, {
        idempotencyKey: postingKey('test_credit', 'soak', user.id),
        kind: 'test_credit',
        entries: transfer(SYSTEM_ACCOUNTS.bonus_issued, accounts.bonus, kopecks(100_000_000)),
      });
    });
  }
}
