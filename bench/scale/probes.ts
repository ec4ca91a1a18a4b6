import { randomUUID } from 'node:crypto';
import { calendarDay } from '#common/lib/format';
import { spendOverYear } from '#server/core/earn/levels';
import { listOperations } from '#server/features/cabinet/operations';
import { expireLots } from '#server/features/programme/expire-lots';
import { birthdayBonuses } from '#server/features/programme/event-jobs';
import { memberCode } from '#server/test/till-kit';
import { buffersOf } from '../history';
import { median } from '../lib';
import { customer, payOnce } from '../money-path';
import { timeSearches } from '../member-search';
import { benchLines } from '../receipt-campaigns';
import { timeReport } from '../reports';
import { cpu } from './cpu-probe';
import { messageSending } from './message-probe';
import { pending } from './pending-probe';
import { segments } from './segment-probe';
import { tillCaller, tillKey } from './till-calls';
import { cardOf, PAYERS, phoneOf, userIdOf, type ScaleContext } from './context';
import { perRow, timed, type Figure, type Probe } from './probe';

export type { Figure, Probe } from './probe';

const CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 40);
const DEEP_PAGE = 50;
const TZ = 'Europe/Moscow';
const random = (ctx: ScaleContext) => 1 + Math.floor(Math.random() * ctx.params.members);

const ms = (figure: string, samples: number[], detail: string): Figure => ({
  figure,
  value: median(samples),
  unit: 'ms per call, median',
  detail,
});

/** A random member's code verified, then a 30-line preview and a sum-only accrual in the visit it opened. */
const till: Probe = {
  id: 'till',
  async run(ctx) {
    const key = await tillKey(ctx, 1 + Math.floor(Math.random() * ctx.params.points));
    const items = benchLines();
    const sum = Math.round(items.reduce((total, line) => total + line.sum * 100, 0)) / 100;
    const call = tillCaller(ctx, key);
    const verify: number[] = [];
    const preview: number[] = [];
    const accrue: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const n = random(ctx);
      const code = memberCode({ cardNum: cardOf(n), secret: 'JBSWY3DPEHPK3PXP' }, Date.now());
      const [v, visit] = await timed(() => call('verify', { code }));
      verify.push(v);
      preview.push((await timed(() => call('preview', { visitId: visit.visitId, sum, items })))[0]);
      const accrual = { visitId: visit.visitId, sum: 500, idempotencyKey: `scale-${randomUUID()}` };
      accrue.push((await timed(() => call('accrue', accrual)))[0]);
    }
    const detail = `${CALLS} random members, one after another`;
    return [
      ms('till verify (a member code)', verify, detail),
      ms('till preview with 30 lines', preview, detail),
      ms('till accrual', accrue, detail),
    ];
  },
};

/** Members 2..9 each pay 10 roubles in bonuses through the site (create, process, complete a draft). */
const payment: Probe = {
  id: 'payment',
  async run(ctx) {
    const tokens = await Promise.all(PAYERS.map((n, i) => customer(ctx.app, ctx.db, phoneOf(n), i)));
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      samples.push((await timed(() => payOnce(ctx.app, tokens[i % tokens.length]!)))[0]);
    }
    return [
      ms('shop payment (create + process + complete)', samples, `${CALLS} payments, ${PAYERS.length} payers`),
    ];
  },
};

/** Member 1 is the heaviest shopper of every size (the generator's heavy tail starts there). */
const history: Probe = {
  id: 'history',
  async run(ctx) {
    const heavy = await userIdOf(ctx.db, 1);
    const [, first] = await timed(() => listOperations(ctx.db, heavy, 1));
    const figures: Figure[] = [];
    for (const page of [1, DEEP_PAGE]) {
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i++)
        samples.push((await timed(() => listOperations(ctx.db, heavy, page)))[0]);
      const buffers = await buffersOf(ctx.url, phoneOf(1), page);
      figures.push(
        ms(`cabinet history, page ${page} of the heaviest shopper`, samples, `${first.total} operations`),
        {
          figure: `cabinet history, page ${page}: 8 KB buffers read`,
          value: buffers,
          unit: 'buffers',
          detail: '',
        },
      );
    }
    return figures;
  },
};

const search: Probe = {
  id: 'search',
  async run(ctx) {
    const pick = () => String(random(ctx)).padStart(9, '0');
    const phones = Array.from({ length: CALLS * 5 }, () => `+7 9${pick().slice(0, 6)}`);
    const cards = Array.from({ length: CALLS * 5 }, () => cardOf(random(ctx)));
    const names = Array.from({ length: CALLS * 5 }, () => `иванов${random(ctx)}`);
    await timeSearches(ctx.db, phones.slice(0, 20), true);
    const p99 = (figure: string, value: number): Figure => ({
      figure,
      value,
      unit: 'ms per search, p99',
      detail: `${CALLS * 5} searches`,
    });
    return [
      p99('member search: phone start', await timeSearches(ctx.db, phones, true)),
      p99('member search: card number', await timeSearches(ctx.db, cards, true)),
      p99('member search: last name start', await timeSearches(ctx.db, names, false)),
    ];
  },
};

const reports: Probe = {
  id: 'reports',
  async run(ctx) {
    const day = (back: number) => calendarDay(new Date(Date.now() - back * 86_400_000), TZ);
    const [fill] = await timed(() => timeReport(ctx.db, day(365), day(0)));
    const month = await timeReport(ctx.db, day(29), day(0));
    const year = await timeReport(ctx.db, day(365), day(0));
    return [
      {
        figure: 'report, last 30 days',
        value: month.median,
        unit: 'ms, median',
        detail: `${month.operations} payments`,
      },
      {
        figure: 'report, the year',
        value: year.median,
        unit: 'ms, median',
        detail: `first run ${fill.toFixed(0)} ms`,
      },
    ];
  },
};

/** The expiry job at the moment the next 300 open lots are due: its time over the lots it expired. */
const expiry: Probe = {
  id: 'expiry',
  once: true,
  async run(ctx) {
    const { rows } = (await ctx.db.execute(
      `select expires_at from bonus_lots where remaining > 0 and expires_at is not null
       order by expires_at offset 299 limit 1`,
    )) as unknown as { rows: Array<{ expires_at: string }> };
    ctx.clock.at = new Date(rows[0]!.expires_at);
    try {
      const [took, expired] = await timed(() => expireLots(ctx.deps));
      return [perRow('expiry job', took, expired)];
    } finally {
      ctx.clock.at = null;
    }
  },
};

/** The birthday job on a random day of next year: its time over the members it credited. */
const birthdays: Probe = {
  id: 'birthdays',
  once: true,
  async run(ctx) {
    const day = new Date(
      Date.UTC(new Date().getUTCFullYear() + 1, 0, 1 + Math.floor(Math.random() * 365), 9),
    );
    ctx.clock.at = day;
    try {
      const [took, credited] = await timed(() => birthdayBonuses(ctx.deps));
      return [perRow(`birthday job (${day.toISOString().slice(5, 10)})`, took, credited)];
    } finally {
      ctx.clock.at = null;
    }
  },
};

/** Levels have no job: the 12 months' spend is summed when a purchase earns; the heaviest and a typical member. */
const levels: Probe = {
  id: 'levels',
  async run(ctx) {
    const figures: Figure[] = [];
    for (const [who, n] of [
      ['the heaviest shopper', 1],
      ['a random member', random(ctx)],
    ] as const) {
      const userId = await userIdOf(ctx.db, n);
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i++)
        samples.push((await timed(() => spendOverYear(ctx.db, userId, new Date())))[0]);
      figures.push(ms(`level: 12 months' spend of ${who}`, samples, ''));
    }
    return figures;
  },
};

export const PROBES: Probe[] = [
  till,
  payment,
  history,
  search,
  reports,
  levels,
  segments,
  expiry,
  birthdays,
  pending,
  messageSending,
  cpu,
];
