// One-use codes raced by two tills (issue 29 item 4, decision 064), on the local PostgreSQL (PGlite has one
// connection, so it could not race): 100,000 codes generated through the console's service (batch inserts), then
// two "tills", each on its own connection, go through the same 1,000 codes in opposite orders, each holding a
// code for its visit and using it at once (the preview's hold, the accrual's use), the loser of each code
// refused with COUPON_USED. Bar: every code used exactly once, none twice; generation in seconds.
import pg from 'pg';
import { eq, sql as dsql } from 'drizzle-orm';
import { findCoupon } from '../server/core/coupons/find';
import { holdCoupon, useCoupon } from '../server/core/coupons/holds';
import { openDatabase, type Db } from '../server/db/client';
import { openBenchVisit } from './till-visit';
import { inTransaction } from '../server/db/in-transaction';
import { couponUses, promoCodes, promos } from '../server/db/schema/coupons';
import { tillKeys } from '../server/db/schema/till';
import { AppError } from '../server/errors';
import { generateCodes } from '../server/features/coupons/generate';
import { isMain, printReport, verdict, type Report } from './lib';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GENERATED = Number(process.env.BENCH_PROMO_CODES ?? 100_000);
const RACED = Number(process.env.BENCH_RACED_CODES ?? 1_000);
const databaseName = `kopilka_bench_coupons_${process.pid}`;
const urlOf = (name: string) => Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A member with a card and an open visit at a till: what a hold is tied to. */
const visitOf = (db: Db, n: number, keyId: string, now: Date) => openBenchVisit(db, keyId, n, now, 1);

/** One till going through the codes: hold and use each it can; answers how many it won and lost. */
async function runTill(db: Db, codes: readonly string[], visit: { visitId: string; userId: string }) {
  let won = 0;
  let lost = 0;
  for (const code of codes) {
    const now = new Date();
    try {
      const found = await findCoupon(db, { code, userId: visit.userId, now, timeZone: 'Europe/Moscow' });
      const use = await holdCoupon(db, found, {
        ...visit,
        now,
        expiresAt: new Date(now.getTime() + 900_000),
      });
      await inTransaction(db, (tx) =>
        // No operation row: the bench races the codes, not the ledger (coupon_uses.operation_id may be null).
        useCoupon(db, tx, use.id, null, { discount: 1_000, bonuses: 0, lineDiscounts: null }, now),
      );
      won += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'COUPON_USED') throw error;
      lost += 1;
    }
  }
  return { won, lost };
}

async function measure(db: Db) {
  const now = new Date();
  const [promo] = await db
    .insert(promos)
    .values({ title: 'Бенчмарк', kind: 'unique', effect: 'discount_fixed', value: 1_000, createdAt: now })
    .returning();
  const started = performance.now();
  await generateCodes(db, promo!, GENERATED, { caller: { kind: 'token' }, ip: null }, now);
  const generateSeconds = (performance.now() - started) / 1000;
  const codes = (
    await db
      .select({ code: promoCodes.code })
      .from(promoCodes)
      .where(eq(promoCodes.promoId, promo!.id))
      .limit(RACED)
  ).map((row) => row.code);
  const [key] = await db
    .insert(tillKeys)
    .values({ retailPointId: 1, secretHash: 'bench', createdAt: now })
    .returning();
  const [a, b] = [await visitOf(db, 1, key!.id, now), await visitOf(db, 2, key!.id, now)];
  const raceStarted = performance.now();
  const [tillA, tillB] = await Promise.all([runTill(db, codes, a), runTill(db, [...codes].reverse(), b)]);
  const raceSeconds = (performance.now() - raceStarted) / 1000;
  const result = await db.execute(dsql`select count(*)::int as uses, count(distinct code_id)::int as codes,
      (select count(*)::int from promo_codes where promo_id = ${promo!.id} and status = 'used') as used
      from ${couponUses} where state = 'used'`);
  const [counts] = (result as unknown as { rows: { uses: number; codes: number; used: number }[] }).rows;
  return { generateSeconds, raceSeconds, tillA, tillB, counts: counts! };
}

export async function couponRaceReport(): Promise<Report> {
  await sql(SERVER, `create database ${databaseName}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(databaseName), poolSize: 4 });
  try {
    const { generateSeconds, raceSeconds, tillA, tillB, counts } = await measure(database.db);
    const exactlyOnce =
      counts.uses === RACED &&
      counts.codes === RACED &&
      counts.used === RACED &&
      tillA.won + tillB.won === RACED;
    return {
      rows: [
        {
          figure: `one-use codes generated: ${GENERATED.toLocaleString('en')}`,
          value: `${generateSeconds.toFixed(1)} s`,
          reference: '',
          ratio: '',
          bar: '< 60 s',
          verdict: verdict(generateSeconds < 60),
        },
        {
          figure: `${RACED.toLocaleString('en')} one-use codes raced by 2 tills`,
          value: `used ${counts.used}, uses ${counts.uses} (till A ${tillA.won}, till B ${tillB.won})`,
          reference: `refused: A ${tillA.lost}, B ${tillB.lost}; ${raceSeconds.toFixed(1)} s`,
          ratio: '',
          bar: 'each code used exactly once',
          verdict: verdict(exactlyOnce),
        },
      ],
      notes: [],
    };
  } finally {
    await database.close();
    await sql(SERVER, `drop database if exists ${databaseName} with (force)`);
  }
}

if (isMain(import.meta.url)) printReport(await couponRaceReport());
