import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { finishTillPart } from './card-return';
import type { TillDeps } from './operation-rows';
import { finishPaymentPart } from './payment-returns';

/**
 * The job that finishes the card parts of returns the bank did not confirm (decision 087). A return's bonuses
 * move at once and its card money is asked of the bank after; when the bank does not answer, the part stays
 * `refunding` and, until now, waited for the cashier to press «Повторить возврат денег». The job asks again for
 * each part nobody is asking for (its turn's lease passed), oldest first, a few a run, through refund-part.ts's
 * rules: the bank's refunded total read first, never sent twice, a part the bank did not confirm sent again only
 * after the cool-off and only when the bank says its total, a total above ours left for a person.
 */

/** A part is the cashier's to finish for this long (their own retry), then the job's. */
const LEFT_TO_THE_TILL = "interval '5 minutes'";
/** A call's turn at the bank (refund-part.ts's lease): a part in someone's turn is skipped. */
const LEASE = "interval '120 seconds'";
const PER_RUN = 20;

interface DuePart {
  source: 'till' | 'payment';
  owner: string;
  key: string;
}

/** The parts due, oldest first, from both tables' `refunding` rows (a partial index each: migration 0053). */
async function dueParts(db: Db, now: Date): Promise<DuePart[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = (table: string, owner: string) => sql`
    select ${table === 'till_card_refunds' ? sql`'till'` : sql`'payment'`} as source, ${sql.raw(owner)}::text as owner,
      return_key as key, created_at
    from ${sql.raw(table)}
    where state = 'refunding' and created_at < ${at} - ${sql.raw(LEFT_TO_THE_TILL)}
      and (attempted_at is null or attempted_at < ${at} - ${sql.raw(LEASE)})`;
  const result = await db.execute(sql`
    select source, owner, key from (
      ${due('till_card_refunds', 'till_operation_id')}
      union all
      ${due('payment_card_refunds', 'draft_id')}
    ) parts order by created_at limit ${PER_RUN}`);
  return (result as unknown as { rows: DuePart[] }).rows;
}

/** One run: each due part asked again; answers how many the bank confirmed. A part that fails waits for the next. */
export async function finishUnconfirmedParts(deps: TillDeps): Promise<number> {
  let finished = 0;
  for (const part of await dueParts(deps.db, deps.clock.now())) {
    try {
      const row =
        part.source === 'till'
          ? await finishTillPart(deps, part.owner, part.key)
          : await finishPaymentPart(deps, part.owner, part.key);
      if (row?.state === 'refunded') finished++;
    } catch (error) {
      // Not confirmed again, someone's turn, the cool-off, or a total that stops it for a person: the part
      // stays `refunding` and the till's retry or the next run takes it up. Anything else is the job's error.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return finished;
}
