import { randomUUID } from 'node:crypto';
import { memberCode } from '#server/test/till-kit';
import { cpuMsOf } from '../cpu-time';
import { customer, payOnce } from '../money-path';
import { cardOf, PAYERS, phoneOf, type ScaleContext } from './context';
import type { Figure, Probe } from './probe';
import { tillCaller, tillKey } from './till-calls';

const CALLS = Number(process.env.BENCH_SCALE_CPU_CALLS ?? 100);

/** The database's client backends: the app's pool and the bench's own (what serves these calls). */
async function backends(ctx: ScaleContext): Promise<number[]> {
  const { rows } = (await ctx.db.execute(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: Array<{ pid: number }> };
  return rows.map((r) => r.pid);
}

/** CPU ms of this process (the app, in process, with inject's small share) and of PostgreSQL's backends. */
async function cpuOf(ctx: ScaleContext, calls: number, work: () => Promise<void>) {
  await work(); // opens every pool connection the work uses, so its backend is counted from the start
  const pids = await backends(ctx);
  const pgBefore = cpuMsOf(pids);
  const own = process.cpuUsage();
  for (let i = 0; i < calls; i++) await work();
  const mine = process.cpuUsage(own);
  return { kopilka: (mine.user + mine.system) / 1000 / calls, postgres: (cpuMsOf(pids) - pgBefore) / calls };
}

/**
 * CPU per call on each side (docs/capacity.md): a till cheque (verify a random member's code, accrue) and a
 * shop payment (create, process, complete), one after another. /proc counts in 10 ms ticks: `CALLS` calls
 * make the per-call figure good to a tenth of a millisecond.
 */
export const cpu: Probe = {
  id: 'cpu',
  async run(ctx) {
    const till = tillCaller(ctx, await tillKey(ctx, 1, 'Касса бенча CPU'));
    let verified = 0;
    const cheque = async () => {
      // A key verifies 120 codes in 10 minutes: a fresh key every 100.
      if (++verified % 100 === 0) throw new Error('raise BENCH_SCALE_CPU_CALLS only with more keys');
      const n = 1 + Math.floor(Math.random() * ctx.params.members);
      const code = memberCode({ cardNum: cardOf(n), secret: 'JBSWY3DPEHPK3PXP' }, Date.now());
      const { visitId } = await till('verify', { code });
      await till('accrue', { visitId, sum: 500, idempotencyKey: `scale-cpu-${randomUUID()}` });
    };
    const tokens = await Promise.all(PAYERS.map((n, i) => customer(ctx.app, ctx.db, phoneOf(n), i)));
    let paid = 0;
    const payment = () => payOnce(ctx.app, tokens[paid++ % tokens.length]!);
    const tillCpu = await cpuOf(ctx, Math.min(CALLS, 98), cheque);
    const payCpu = await cpuOf(ctx, CALLS, payment);
    const figure = (what: string, value: number): Figure => ({
      figure: what,
      value,
      unit: 'CPU ms per call',
      detail: '',
    });
    return [
      figure('CPU, till cheque (verify + accrue): Kopilka', tillCpu.kopilka),
      figure('CPU, till cheque (verify + accrue): PostgreSQL', tillCpu.postgres),
      figure('CPU, shop payment: Kopilka', payCpu.kopilka),
      figure('CPU, shop payment: PostgreSQL', payCpu.postgres),
    ];
  },
};
