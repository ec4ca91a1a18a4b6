import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { flowsOf, owedWith, type Owed } from './report-flows';
import { addDays, ledgerFlowsAfter, midnight, owedNow, rowsOf } from './report-queries';

/**
 * What the programme owes now without summing every member's account in the operator's request (decision 090).
 * The sum is taken at most once a day, as the owed amount at the end of an ended day (`report_owed_days`), and
 * carried forward with the rollup's daily flows and today's postings, which is what the report reads anyway.
 */

/** How long after midnight a day's sum may be stored: a transaction open across midnight commits first. */
const STORE_AFTER = '15 minutes';

/**
 * Sums every account (a read of every member) and stores the owed amount at the end of `day`: now's less what
 * was posted since the next midnight, both read in one snapshot, so a posting between the two reads is in both or
 * neither. Stored only once the day is a quarter of an hour over (as the rollup's days close), and apart from the
 * snapshot: two requests storing the same day at once would otherwise fail to serialize (SQLSTATE 40001).
 */
export async function storeOwedAt(db: Db, timeZone: string, day: string): Promise<Owed> {
  const next = midnight(day, timeZone, 1);
  const owed = await inTransaction(db, async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const now = await owedNow(tx);
    const since = flowsOf(await ledgerFlowsAfter(tx, { start: next, end: next, timeZone }));
    return owedWith(now, since, -1);
  });
  await db.execute(sql`
    insert into report_owed_days (time_zone, day, bonus, money, gift)
    select ${timeZone}, ${day}::date, ${owed.bonus}, ${owed.money}, ${owed.gift}
    where now() >= ${next} + ${STORE_AFTER}::interval
    on conflict (time_zone, day) do update
      set bonus = excluded.bonus, money = excluded.money, gift = excluded.gift, computed_at = now()`);
  return owed;
}

/**
 * The owed amount at the end of `yesterday` (an ended, closed day): the latest stored one carried forward with
 * the closed days after it; summed afresh on the primary (and stored) when none is stored or a day between is
 * not closed.
 */
async function owedAtEndOf(dbs: { db: Db; readDb: Db }, timeZone: string, yesterday: string): Promise<Owed> {
  const db = dbs.readDb;
  const [stored] = rowsOf<{ day: string; bonus: string; money: string; gift: string; closed: number }>(
    await db.execute(sql`
      select to_char(o.day, 'YYYY-MM-DD') as day, o.bonus::text, o.money::text, o.gift::text,
        (select count(*)::int from report_days_closed c
          where c.time_zone = o.time_zone and c.day > o.day and c.day <= ${yesterday}::date) as closed
      from report_owed_days o
      where o.time_zone = ${timeZone} and o.day <= ${yesterday}::date
      order by o.day desc limit 1`),
  );
  const gap = stored ? (Date.parse(yesterday) - Date.parse(stored.day)) / 86_400_000 : -1;
  if (!stored || stored.closed !== gap) return storeOwedAt(dbs.db, timeZone, yesterday);
  const anchor = { bonus: Number(stored.bonus), money: Number(stored.money), gift: Number(stored.gift) };
  if (gap === 0) return anchor;
  const flows = rowsOf<{ bucket: string; amount: string }>(
    await db.execute(sql`
      select substr(metric, 8) as bucket, sum(value)::text as amount from report_days
      where time_zone = ${timeZone} and day > ${stored.day}::date and day <= ${yesterday}::date
        and metric like 'ledger:%'
      group by metric`),
  );
  return owedWith(anchor, flowsOf(flows));
}

/**
 * What the programme owes now: at the end of yesterday (closed), plus what was posted since today's midnight.
 * `readDb`: where the report reads (a replica, or the primary); an owed amount is summed and stored on `db`.
 */
export async function owedNowFromRollup(
  dbs: { db: Db; readDb: Db },
  timeZone: string,
  today: string,
  /** What was posted since today's midnight, when the report has read it already. */
  sinceToday: Array<{ bucket: string; amount: string }> | null = null,
): Promise<Owed> {
  const owed = await owedAtEndOf(dbs, timeZone, addDays(today, -1));
  const midnightToday = midnight(today, timeZone);
  const since =
    sinceToday ??
    (await ledgerFlowsAfter(dbs.readDb, { start: midnightToday, end: midnightToday, timeZone }));
  return owedWith(owed, flowsOf(since));
}

/**
 * The job's part: the owed amount at the end of `day` summed once (nothing when it is stored), so the day's first
 * report does not sum every account itself.
 */
export async function storeOwedOnce(db: Db, timeZone: string, day: string): Promise<void> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from report_owed_days where time_zone = ${timeZone} and day = ${day}::date`,
    ),
  );
  if (!row?.n) await storeOwedAt(db, timeZone, day);
}
