import { sql } from 'drizzle-orm';
import { brandSettingsWithin } from '#server/core/brand-settings';
import { spendOverYear } from '#server/core/earn/levels';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { endpointsFor } from './endpoint-cache';
import { emitIfMoved, type LevelDeps } from './level-changed';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const CURSOR = 'level-window';

/**
 * A level also falls with time, when a purchase leaves the 12 months (decision 079). This job walks the time line
 * of purchases a year behind `now`, one slice per transaction: the members who bought in the slice are the only
 * ones whose spend just dropped, so the work is the due purchases, not the members (issue 32 item 5). The
 * cursor's row is locked for the slice, so instances never announce one drop twice, and the events are written
 * in the same transaction that moves the cursor.
 */
export const LEVEL_WINDOW = {
  /** Operations per slice (per transaction) at most: a busy minute of a national chain is tens of thousands. */
  sliceRows: 1000,
  /** Slices per run at most, so a long pause catches up over several runs. */
  slicesPerRun: 20,
};

export interface LevelWindowDeps extends LevelDeps {
  clock: Clock;
}

/** Walks from the cursor towards `now − 1 year`; answers how many level changes it announced. */
export async function announceAgedOutLevels(deps: LevelWindowDeps): Promise<number> {
  let announced = 0;
  for (let i = 0; i < LEVEL_WINDOW.slicesPerRun; i++) {
    const step = await walkOneSlice(deps);
    if (step === null) break;
    announced += step;
  }
  return announced;
}

/** One slice in one transaction; null when the cursor has caught up (or was just started). */
async function walkOneSlice(deps: LevelWindowDeps): Promise<number | null> {
  // One instant for the edge and the spends, so a purchase is either in a slice or out of every spend read here.
  const now = deps.clock.now();
  const edge = new Date(now.getTime() - YEAR_MS);
  return inTransaction(deps.db, async (tx) => {
    const until = await lockCursor(tx, edge);
    if (!until || until >= edge) return null;
    // Nobody listens: the stretch is skipped whole, as nothing in it is news to anyone.
    if (!(await listening(deps, tx))) {
      await moveCursor(tx, edge);
      return 0;
    }
    const sliceEnd = await endOfSlice(tx, until, edge);
    const announced = await announceSlice(deps, tx, [until, sliceEnd], now);
    await moveCursor(tx, sliceEnd);
    return announced;
  });
}

const moveCursor = (tx: Db, until: Date) =>
  tx.execute(sql`update job_cursors set until = ${until.toISOString()}::timestamptz where name = ${CURSOR}`);

/**
 * Where a slice from `from` ends: at the operation `sliceRows` later in time (by the `operations_occurred_user`
 * index, counting every operation: a bound, not a tally), or at the edge. At least a millisecond on, so a
 * thousand operations of one instant cannot stall it.
 */
async function endOfSlice(tx: Db, from: Date, edge: Date): Promise<Date> {
  const [row] = rowsOf<{ occurred_at: string | Date }>(
    await tx.execute(sql`
      select occurred_at from operations
      where occurred_at >= ${from.toISOString()}::timestamptz and occurred_at < ${edge.toISOString()}::timestamptz
      order by occurred_at offset ${LEVEL_WINDOW.sliceRows} limit 1`),
  );
  if (!row) return edge;
  return new Date(
    Math.min(edge.getTime(), Math.max(new Date(row.occurred_at).getTime(), from.getTime() + 1)),
  );
}
/**
 * The cursor, locked for this transaction. The first run starts it at the edge: purchases that aged out before
 * the job existed are history, not news.
 */
async function lockCursor(tx: Db, edge: Date): Promise<Date | null> {
  const rows = rowsOf<{ until: string | Date }>(
    await tx.execute(sql`select until from job_cursors where name = ${CURSOR} for update`),
  );
  if (rows[0]) return new Date(rows[0].until);
  await tx.execute(sql`
    insert into job_cursors (name, until) values (${CURSOR}, ${edge.toISOString()}::timestamptz)
    on conflict (name) do nothing`);
  return null;
}

async function listening(deps: LevelWindowDeps, tx: Db): Promise<boolean> {
  if ((await endpointsFor(deps.db, tx, 'member.level_changed')).length === 0) return false;
  return (await brandSettingsWithin(tx, deps.cache)).levels.length > 0;
}

/**
 * The members whose counted purchases (as `spendOverYear` counts them) fall in [from, to), what left their spend,
 * read by the `operations_occurred_user` index; each member's spend now against the spend with it.
 */
async function announceSlice(
  deps: LevelWindowDeps,
  tx: Db,
  [from, to]: [Date, Date],
  now: Date,
): Promise<number> {
  const { levels } = await brandSettingsWithin(tx, deps.cache);
  const left = rowsOf<{ user_id: string; left: string }>(
    await tx.execute(sql`
      select user_id, sum(case when type = 'RETURN' then -amount else amount end) as left
      from operations
      where occurred_at >= ${from.toISOString()}::timestamptz and occurred_at < ${to.toISOString()}::timestamptz
        and user_id is not null and state = 'PROCESSED' and type in ('PAYMENT', 'CASHBACK', 'RETURN')
      group by user_id`),
  );
  let announced = 0;
  for (const row of left) {
    const spend = await spendOverYear(tx, row.user_id, now);
    const moved = { memberId: row.user_id, spend, spendBefore: spend + Number(row.left) };
    if (await emitIfMoved(deps.db, tx, levels, { ...moved, reason: 'window', at: now })) announced++;
  }
  return announced;
}

/** PGlite answers `{rows}`, node-postgres a result with `rows` too; drizzle types them differently. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
