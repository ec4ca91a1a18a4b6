import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ledgerViolations, type LedgerViolation } from '#server/core/ledger-invariants';
import type { Db } from '#server/db/client';
import { schema } from '#server/db/schema';
import type { ScaleParams } from './steps';

/** Up to this many members every invariant is checked over the whole database; above it, on a sample. */
const WHOLE_UP_TO = 200_000;
const SAMPLE = 2_000;

/**
 * The sample's checks: the same invariants as server/core/ledger-invariants.ts, each restricted to `SAMPLE`
 * random members and every posting that touches them, so they read by index instead of summing 100 million
 * entries. Every query answers the offending rows.
 */
const SAMPLE_CHECKS: Array<{ check: string; sql: string }> = [
  {
    check: 'ledger transactions that do not sum to zero',
    sql: `select e.transaction_id, sum(e.amount)::text from ledger_entries e
      where e.transaction_id in (select s.transaction_id from ledger_entries s where s.account_id in
        (select id from sample_accounts))
      group by 1 having sum(e.amount) <> 0`,
  },
  {
    check: 'cached balances that differ from their entries',
    sql: `select a.id, a.balance::text from ledger_accounts a
      where a.id in (select id from sample_accounts)
        and a.balance <> (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)`,
  },
  {
    check: 'negative customer balances',
    sql: `select id from ledger_accounts where id in (select id from sample_accounts) and balance < 0`,
  },
  {
    check: 'bonus lots that do not add up to the bonus balance',
    // remaining > 0: the lots' index is partial on it (an expired lot adds nothing), so the sum reads by index.
    sql: `select a.user_id from ledger_accounts a where a.id in (select id from sample_accounts) and a.kind = 'bonus'
      and a.balance <> (select coalesce(sum(remaining), 0) from bonus_lots l
        where l.user_id = a.user_id and l.remaining > 0)`,
  },
  {
    // Their bonus and money accounts; a `bonus_pending` one is a member's too once a return window held an earn.
    check: 'members without both accounts',
    sql: `select u.id from users u where u.id in (select user_id from sample_accounts)
      and (select count(*) from ledger_accounts a where a.user_id = u.id and a.kind in ('bonus', 'money')) <> 2`,
  },
  {
    check: 'history counts that differ from the history',
    sql: `select t.user_id from operation_totals t where t.user_id in (select user_id from sample_accounts)
      and t.total <> (select count(*) from operations o where o.user_id = t.user_id)`,
  },
];

export async function checkScaleLedger(
  url: string,
  params: ScaleParams,
): Promise<{ scope: string; found: LedgerViolation[] }> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    if (params.members <= WHOLE_UP_TO) {
      const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
      return { scope: 'the whole database', found: await ledgerViolations(db, new Date(params.now)) };
    }
    const client = await pool.connect();
    try {
      await client.query(
        `create temp table sample_accounts as select a.id, a.user_id from ledger_accounts a
         where a.user_id = any(select scale_gen.uuid4('u', 1 + floor(random() * $1)::bigint)
           from generate_series(1, $2))`,
        [params.members, SAMPLE],
      );
      const found: LedgerViolation[] = [];
      for (const { check, sql } of SAMPLE_CHECKS) {
        const { rows } = await client.query(sql);
        if (rows.length) found.push({ check, rows: rows.slice(0, 10) });
      }
      return { scope: `${SAMPLE.toLocaleString('en')} random members and their postings`, found };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
