import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { pendingBonuses } from '#server/db/schema/programme';

/** Cuts a still pending earn posted under one of `keys` by up to `amount` (decision 030); answers what it cut. */
export async function cutPending(tx: Db, keys: string[], amount: number): Promise<number> {
  const [row] = await tx
    .select()
    .from(pendingBonuses)
    .where(
      and(
        sql`${pendingBonuses.sourceKey} in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
        eq(pendingBonuses.state, 'pending'),
      ),
    )
    .for('update');
  if (!row) return 0;
  const cut = Math.min(amount, row.amount);
  const left = row.amount - cut;
  await tx
    .update(pendingBonuses)
    .set(left === 0 ? { amount: left, state: 'reversed' } : { amount: left })
    .where(eq(pendingBonuses.id, row.id));
  return cut;
}
