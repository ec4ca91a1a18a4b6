import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentCondition, SegmentPeriod } from '#common/contract/segment-definition';
import { spendOverYear } from '#server/core/earn/levels';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#server/test/test-database';
import { referencePurchases } from './purchases-reference';
import { countSegment, type SegmentContext } from './segment-query';

/**
 * The rollup (decision 082) against the reference reading of every purchase (decision 075) on random histories:
 * inserts of many rows across months in one statement, refunds (PROCESSED -> CANCEL), deletions, purchases in the
 * future, in several time zones, with random periods around month boundaries. Every count must be equal, and the
 * rollup kept by the triggers must equal the migration's backfill computed afresh.
 */

const NOW = new Date('2026-11-29T09:00:00Z');
const DAY = 86_400_000;
const TYPES = ['PAYMENT', 'PAYMENT', 'CASHBACK', 'RETURN', 'DEPOSIT'] as const;
const STATES = ['PROCESSED', 'PROCESSED', 'PROCESSED', 'CANCEL', 'NEW'] as const;
const ZONES = ['Europe/Moscow', 'Asia/Vladivostok', 'Europe/Kaliningrad', 'UTC', 'America/New_York'];

/** A small seeded generator (mulberry32): a failure replays with the same seed. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const day = (at: Date) => at.toISOString().slice(0, 10);

function randomPeriod(r: Random): SegmentPeriod {
  if (r.next() < 0.5) return { lastDays: r.pick([1, 2, 3, 15, 28, 30, 31, 45, 60, 90, 180, 365, 400, 800]) };
  const from = new Date(NOW.getTime() - r.int(0, 850) * DAY);
  // Often a first or last day of a month, where the split at month boundaries has its edge cases.
  if (r.next() < 0.3) from.setUTCDate(1);
  const to = new Date(Math.min(from.getTime() + r.int(0, 400) * DAY, NOW.getTime() + 40 * DAY));
  if (r.next() < 0.3) to.setUTCDate(r.pick([1, 28]));
  return to < from ? { from: day(to), to: day(from) } : { from: day(from), to: day(to) };
}

function randomCondition(r: Random): SegmentCondition {
  const op = r.pick(['gte', 'lte'] as const);
  switch (r.int(0, 3)) {
    case 0:
      return { field: 'level', levels: [r.pick(['Базовый', 'Серебряный', 'Золотой'])] };
    case 1:
      return { field: 'daysSinceLastPurchase', op, days: r.pick([1, 7, 30, 60, 200, 500]) };
    case 2:
      return { field: 'purchaseCount', period: randomPeriod(r), op, value: r.int(0, 4) };
    default:
      return { field: 'purchaseSum', period: randomPeriod(r), op, value: r.pick([0, 100, 2000, 9000]) };
  }
}

describe('the purchase rollup answers as the reference (decision 082)', () => {
  let database: Database;
  const r = generator(82);
  const members: string[] = [];

  const exec = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await exec(query)) as unknown as { rows: T[] }).rows;

  /** A batch of random operations for random members in one statement (many rows, many months per member). */
  async function insertBatch(size: number) {
    const values = Array.from({ length: size }, () => {
      const at = new Date(NOW.getTime() - r.int(-20, 800) * DAY - r.int(0, DAY - 1));
      return sql`(${r.pick(members)}, 'test', ${at.toISOString()}::timestamptz, ${r.int(1, 500) * 100},
        ${r.pick(STATES)}, ${r.pick(TYPES)})`;
    });
    await exec(sql`insert into operations (user_id, place, occurred_at, amount, state, type)
      values ${sql.join(values, sql`, `)}`);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 25; i++) {
      const id = randomUUID();
      members.push(id);
      await exec(sql`insert into users (id, phone, registered_at, first_name)
        values (${id}, ${`7900882${String(i).padStart(4, '0')}`}, ${NOW.toISOString()}, 'rollup')`);
    }
    for (let i = 0; i < 12; i++) await insertBatch(r.int(1, 40));
    // Refunds and their undoing, and deletions: the update and delete triggers.
    for (let i = 0; i < 6; i++) {
      await exec(sql`update operations set state = 'CANCEL'
        where id in (select id from operations where place = 'test' and state = 'PROCESSED' order by id limit ${r.int(1, 5)})`);
      await exec(sql`update operations set state = 'PROCESSED', occurred_at = occurred_at - interval '20 days'
        where id in (select id from operations where place = 'test' and state = 'CANCEL' order by id desc limit 2)`);
      await exec(sql`delete from operations
        where id in (select id from operations where place = 'test' order by amount, id limit ${r.int(0, 3)})`);
      await insertBatch(r.int(1, 10));
    }
  }, 120_000);
  afterAll(() => database.close());

  it('keeps each member row equal to the migration backfill computed afresh', async () => {
    const kept = await rows<Record<string, unknown>>(sql`select user_id, last_purchase_at, first_month,
      cum_purchases::text, cum_spend::text from member_purchase_stats
      where user_id in (select id from users where first_name = 'rollup') order by user_id`);
    const fresh = await rows<Record<string, unknown>>(sql`${sql.raw(BACKFILL)}`);
    // A member whose purchases were all taken away keeps a row of zeros (the backfill has none): compare the
    // figures, not the spans.
    const figures = (list: Record<string, unknown>[]) =>
      Object.fromEntries(
        list.map((row) => [
          row.user_id,
          [row.last_purchase_at ?? null, lastOf(row.cum_purchases), lastOf(row.cum_spend)],
        ]),
      );
    const keptFigures = figures(kept);
    for (const [id, value] of Object.entries(figures(fresh))) expect(keptFigures[id]).toEqual(value);
    for (const [id, value] of Object.entries(keptFigures))
      if (!(id in figures(fresh))) expect(value).toEqual([null, '0', '0']);
  });

  it('counts every random condition and pair of conditions exactly as the reference', async () => {
    const mismatches: string[] = [];
    for (let i = 0; i < 160; i++) {
      const ctx: SegmentContext = {
        now: NOW,
        timeZone: r.pick(ZONES),
        levels: [
          { title: 'Базовый', fromSpend: 0, earnPercent: 0 },
          { title: 'Серебряный', fromSpend: r.pick([500, 3000]), earnPercent: 3 },
          { title: 'Золотой', fromSpend: r.pick([6000, 20000]), earnPercent: 5 },
        ],
      };
      const conditions = i % 4 === 0 ? [randomCondition(r), randomCondition(r)] : [randomCondition(r)];
      const definition = { match: r.pick(['all', 'any'] as const), conditions };
      const reference = await countSegment(database.db, definition, ctx, referencePurchases);
      const rollup = await countSegment(database.db, definition, ctx);
      if (reference !== rollup)
        mismatches.push(`${JSON.stringify(definition)} in ${ctx.timeZone}: ${rollup} ≠ ${reference}`);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("gives each member's 12 months' spend (their level) as the sum over every purchase, at any moment", async () => {
    const mismatches: string[] = [];
    for (let i = 0; i < 12; i++) {
      const now = new Date(NOW.getTime() - r.int(-30, 400) * DAY - r.int(0, DAY - 1));
      // Often the first instants of a month or its middle: where the window's edge changes sides.
      if (i % 3 === 0) now.setUTCDate(1);
      if (i % 3 === 1) now.setUTCDate(r.pick([15, 16]));
      for (const member of members) {
        const [expected] = await rows<{ spend: string }>(sql`select coalesce(sum(case when type = 'RETURN'
            then -amount else amount end), 0)::text as spend from operations where user_id = ${member}
          and state = 'PROCESSED' and type in ('PAYMENT', 'CASHBACK', 'RETURN')
          and occurred_at >= ${new Date(now.getTime() - 365 * DAY).toISOString()}::timestamptz`);
        const spend = await spendOverYear(database.db, member, now);
        if (spend !== Number(expected!.spend)) mismatches.push(`${member} at ${now.toISOString()}: ${spend}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});

const lastOf = (text: unknown) => String(text).replace(/[{}]/g, '').split(',').at(-1);

/** The migration's backfill (0043_member_purchase_stats.sql, its last statement) as a query of our members. */
const BACKFILL = `
  WITH "d" AS (
    SELECT "user_id", "purchase_month"("occurred_at") AS "month",
      count(*) FILTER (WHERE "type" <> 'RETURN') AS "count",
      sum(CASE WHEN "type" = 'RETURN' THEN -"amount" ELSE "amount" END) AS "spend",
      max("occurred_at") FILTER (WHERE "type" <> 'RETURN') AS "last_at"
    FROM "operations" WHERE "state" = 'PROCESSED' AND "type" IN ('PAYMENT', 'CASHBACK', 'RETURN') AND "place" = 'test'
    GROUP BY 1, 2
  ), "span" AS (
    SELECT "user_id", min("month") AS "first", max("month") AS "last" FROM "d" GROUP BY 1
  ), "dense" AS (
    SELECT s."user_id", "m" AS "month", d."last_at",
      sum(coalesce(d."count", 0)) OVER w AS "run_count", sum(coalesce(d."spend", 0)) OVER w AS "run_spend"
    FROM "span" s CROSS JOIN LATERAL generate_series(s."first", s."last") "m"
    LEFT JOIN "d" ON d."user_id" = s."user_id" AND d."month" = "m"
    WINDOW w AS (PARTITION BY s."user_id" ORDER BY "m")
  )
  SELECT "user_id", max("last_at") AS last_purchase_at, min("month") AS first_month,
    array_agg("run_count"::integer ORDER BY "month")::text AS cum_purchases,
    array_agg("run_spend"::bigint ORDER BY "month")::text AS cum_spend
  FROM "dense" GROUP BY "user_id" ORDER BY "user_id"`;
