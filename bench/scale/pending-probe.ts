import { randomUUID } from 'node:crypto';
import type { BrandSettings } from '#common/contract/header';
import { releasePendingBonuses } from '#server/core/earn/pending';
import { memberCode } from '#server/test/till-kit';
import { cardOf, type ScaleContext } from './context';
import { operatorCall } from './operator-calls';
import { perRow, timed, type Probe } from './probe';
import { tillCaller, tillKey } from './till-calls';

/**
 * The pending bonuses' job (decision 030) at the moment ~300 earns fall due. The generated brand has no return
 * window, so the probe opens one (a day) through the operator's settings, makes the earns as tills do (a member's
 * code verified, a sum-only accrual: `bonus_pending` and a `pending_bonuses` row each), closes the window again,
 * and runs the job a day later: its time over the earns it released. Everything goes through the product's
 * paths, so the ledger stays as consistent as it was.
 */

const EARNS = Number(process.env.BENCH_SCALE_DUE ?? 300);
/** A till key verifies 120 codes in 10 minutes (TILL_VERIFY_LIMITS): one key per 100 earns. */
const PER_KEY = 100;
const DAY_MS = 86_400_000;

const settingsCall = (ctx: ScaleContext, settings?: BrandSettings) =>
  operatorCall<BrandSettings>(ctx, settings ? 'PUT' : 'GET', '/api/operator/settings', settings);

async function earnPending(ctx: ScaleContext): Promise<void> {
  // Distinct members: one member's code twice within its 30 seconds is refused as used.
  const members = new Set<number>();
  while (members.size < EARNS) members.add(1 + Math.floor(Math.random() * ctx.params.members));
  let call: ReturnType<typeof tillCaller> | null = null;
  for (const [i, n] of [...members].entries()) {
    if (i % PER_KEY === 0) {
      call = tillCaller(ctx, await tillKey(ctx, 1 + Math.floor(Math.random() * ctx.params.points)));
    }
    const code = memberCode({ cardNum: cardOf(n), secret: 'JBSWY3DPEHPK3PXP' }, Date.now());
    const visit = await call!('verify', { code });
    await call!('accrue', { visitId: visit.visitId, sum: 500, idempotencyKey: `scale-${randomUUID()}` });
  }
}

const stillPending = async (ctx: ScaleContext) => {
  const { rows } = (await ctx.db.execute(
    `select count(*)::int as n from pending_bonuses where state = 'pending'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return rows[0]!.n;
};

export const pending: Probe = {
  id: 'pending',
  once: true,
  async run(ctx) {
    const settings = await settingsCall(ctx);
    if (settings.bonusPendingDays) throw new Error('the generated brand has a return window already');
    const before = await stillPending(ctx);
    try {
      await settingsCall(ctx, { ...settings, bonusPendingDays: 1 });
      await earnPending(ctx);
    } finally {
      await settingsCall(ctx, settings);
    }
    if ((await stillPending(ctx)) - before !== EARNS) throw new Error('the earns did not all go pending');
    ctx.clock.at = new Date(Date.now() + DAY_MS + 60_000);
    try {
      const [took, released] = await timed(() => releasePendingBonuses(ctx.deps));
      const left = await stillPending(ctx);
      if (left > 0) throw new Error(`${left} pending earns are still pending after the job`);
      return [perRow('pending bonuses job', took, released)];
    } finally {
      ctx.clock.at = null;
    }
  },
};
