import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { fakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { buildReport } from './report';
import { addDays, rowsOf } from './report-queries';

/**
 * Decision 090: the active members and the owed amounts of any range, read from the rollup's days, are what the
 * operations and the ledger say, whichever days have ended (the `today` the report is asked on).
 */

const TZ = 'Europe/Moscow';
/** Five days, 10..14.11.2026, with noon in Moscow on each. */
const DAYS = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14'];
const noon = (day: string) => Date.parse(`${day}T09:00:00Z`);
/** Who buys on which day: A on 1, 2 and 5; B on 1 and 4; C on 3 and 4. */
const VISITS: Array<[number, 'A' | 'B' | 'C']> = [
  [0, 'A'],
  [0, 'B'],
  [1, 'A'],
  [2, 'C'],
  [3, 'B'],
  [3, 'C'],
  [4, 'A'],
];
const PHONES = { A: '79007790001', B: '79007790002', C: '79007790003' };

describe('the reports’ active members and owed amounts over any range (decision 090)', () => {
  let t: TestApp;
  let key: string;
  let cards: Record<'A' | 'B' | 'C', Awaited<ReturnType<typeof cardholder>>>;
  const clock = fakeClock(noon(DAYS[0]!) - 3_600_000);
  const midnight = (day: string) => sql`(${day}::date::timestamp at time zone ${TZ})`;

  /** The ledger stamps its rows by the database's clock: moved to the test's, so the days have their postings. */
  const backdateLedger = () =>
    t.deps.db.execute(sql`
      update ledger_transactions set created_at = ${clock.now().toISOString()}::timestamptz
      where created_at > ${new Date(noon(DAYS[4]!) + 86_400_000).toISOString()}::timestamptz`);

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    key = (await issueKey(t)).key;
    cards = {
      A: await cardholder(t, PHONES.A, 100),
      B: await cardholder(t, PHONES.B, 0),
      C: await cardholder(t, PHONES.C, 50),
    };
    await backdateLedger();
    for (const [i, [day, who]] of VISITS.entries()) {
      clock.advance(noon(DAYS[day]!) + i * 180_000 - clock.now().getTime());
      const visit = await till(t, key, 'POST', '/api/till/verify', {
        code: memberCode(cards[who], clock.now().getTime()),
      });
      const accrued = await till(t, key, 'POST', '/api/till/accrue', {
        visitId: visit.json().visitId,
        sum: 1000 + i * 100,
        idempotencyKey: `rollup-range-${i}`,
      });
      expect(accrued.json(), accrued.body).toMatchObject({ state: 'COMPLETED' });
      await backdateLedger();
    }
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  /** Straight from the operations: the distinct members with one in from..to. */
  const activeIn = async (from: string, to: string) =>
    rowsOf<{ n: number }>(
      await t.deps.db.execute(sql`
        select count(distinct user_id)::int as n from operations
        where occurred_at >= ${midnight(from)} and occurred_at < ${midnight(addDays(to, 1))}`),
    )[0]!.n;

  /** Straight from the ledger: the customers' bonuses and the held ones at the end of `day`. */
  const bonusesOwedAt = async (day: string) =>
    Number(
      rowsOf<{ s: string }>(
        await t.deps.db.execute(sql`
          select coalesce(sum(e.amount), 0)::text as s
          from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
          where x.created_at < ${midnight(addDays(day, 1))}
            and (a.kind in ('bonus', 'bonus_pending')
              or e.account_id in (${SYSTEM_ACCOUNTS.bonus_held}::uuid, ${SYSTEM_ACCOUNTS.till_held}::uuid))`),
      )[0]!.s,
    );

  it('counts each member once over every range, whichever of its days are in the rollup', async () => {
    // Asked on each day from the second to the one after the last: the days before it closed, the rest live.
    for (const today of [...DAYS.slice(1), addDays(DAYS[4]!, 1)]) {
      for (const [i, from] of DAYS.entries()) {
        for (const to of DAYS.slice(i)) {
          const r = await buildReport(t.deps, { from, to }, { today, breakdowns: false });
          expect([today, from, to, r.totals.activeMembers]).toEqual([
            today,
            from,
            to,
            await activeIn(from, to),
          ]);
          expect([today, from, to, r.totals.bonuses.outstanding]).toEqual([
            today,
            from,
            to,
            await bonusesOwedAt(to),
          ]);
          expect([today, from, to, r.totals.bonuses.opening]).toEqual([
            today,
            from,
            to,
            await bonusesOwedAt(addDays(from, -1)),
          ]);
        }
      }
    }
    // Not a trivial count: the three buyers and the demo customer, whose seeded purchases fall every third day.
    const perDay = await Promise.all(DAYS.map((day) => activeIn(day, day)));
    expect([perDay, await activeIn(DAYS[0]!, DAYS[4]!)]).toEqual([[2, 2, 1, 2, 2], 4]);
  });

  it('carries the owed amount forward from the day it was summed, and sums it afresh across a gap', async () => {
    const stored = async () =>
      rowsOf<{ day: string }>(
        await t.deps.db.execute(
          sql`select to_char(day, 'YYYY-MM-DD') as day from report_owed_days where time_zone = ${TZ} order by 1`,
        ),
      ).map((r) => r.day);
    // Every day of the first test's asking summed it at most once (the first asking, the second day, had none).
    expect(await stored()).toEqual([DAYS[0]]);
    // A gap: a day between the stored one and yesterday that is not closed is summed afresh, not carried over.
    await t.deps.db.execute(
      sql`delete from report_days_closed where time_zone = ${TZ} and day = ${DAYS[2]}::date`,
    );
    const r = await buildReport(t.deps, { from: DAYS[3]!, to: DAYS[4]! }, { today: addDays(DAYS[4]!, 1) });
    expect(r.totals.bonuses.outstanding).toBe(await bonusesOwedAt(DAYS[4]!));
    expect(await stored()).toEqual([DAYS[0], DAYS[4]]);
  });

  it('reopens the closed days from a late receipt’s own day (decision 061), so its member counts there', async () => {
    const asked = addDays(DAYS[4]!, 1);
    await buildReport(t.deps, { from: DAYS[0]!, to: DAYS[4]! }, { today: asked });
    const closedDays = async () =>
      rowsOf<{ day: string }>(
        await t.deps.db.execute(
          sql`select to_char(day, 'YYYY-MM-DD') as day from report_days_closed where time_zone = ${TZ} order by 1`,
        ),
      ).map((r) => r.day);
    expect(await closedDays()).toEqual(DAYS);
    // B, who bought on the first and fourth days, sends a receipt of the third day's noon from an offline till.
    const at = noon(DAYS[2]!);
    const late = await till(t, key, 'POST', '/api/till/late-accrue', {
      code: memberCode(cards.B, at),
      occurredAt: new Date(at).toISOString(),
      receiptNo: 'rollup-range-late-1',
      sum: 700,
    });
    expect(late.statusCode, late.body).toBe(200);
    await backdateLedger();
    expect(await closedDays()).toEqual(DAYS.slice(0, 2));
    for (const [i, from] of DAYS.entries()) {
      for (const to of DAYS.slice(i)) {
        const r = await buildReport(t.deps, { from, to }, { today: asked, breakdowns: false });
        expect([from, to, r.totals.activeMembers]).toEqual([from, to, await activeIn(from, to)]);
      }
    }
    expect(await activeIn(DAYS[2]!, DAYS[2]!)).toBe(2);
  });
});
