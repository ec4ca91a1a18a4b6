import type { SegmentDefinition } from '#common/contract/segment-definition';
import { countSegment, type SegmentContext } from '#server/core/segments/segment-query';
import { median } from '../lib';
import type { Figure, Probe } from './probe';

/**
 * Segment counts (issue 31's bar: under 1 s at 1,000,000 members, bench/segments.ts). A count reads every member
 * whatever the segment, so its time grows with the members by nature: the figure set beside the 100,000-member
 * one is the time per 100,000 members, which should stay flat (decision 088).
 */

const LEVELS: SegmentContext['levels'] = [
  { title: 'Базовый', fromSpend: 0, earnPercent: 0 },
  { title: 'Серебряный', fromSpend: 10_000, earnPercent: 3 },
  { title: 'Золотой', fromSpend: 50_000, earnPercent: 5 },
];

const thisYear = () => `${new Date().getUTCFullYear()}-01-01`;
const today = () => new Date().toISOString().slice(0, 10);

const SEGMENTS: Array<[string, () => SegmentDefinition]> = [
  [
    'no purchase for 60 days',
    () => ({ match: 'all', conditions: [{ field: 'daysSinceLastPurchase', op: 'gte', days: 60 }] }),
  ],
  ['level Золотой', () => ({ match: 'all', conditions: [{ field: 'level', levels: ['Золотой'] }] })],
  [
    'registered this year, no purchase in 180 days or balance ≤ 10 ₽',
    () => ({
      match: 'all',
      conditions: [
        { field: 'registered', period: { from: thisYear(), to: today() } },
        {
          field: 'group',
          match: 'any',
          conditions: [
            { field: 'purchaseCount', period: { lastDays: 180 }, op: 'lte', value: 0 },
            { field: 'balance', op: 'lte', value: 10 },
          ],
        },
      ],
    }),
  ],
];

const RUNS = 3;

export const segments: Probe = {
  id: 'segments',
  async run(ctx) {
    const context: SegmentContext = { now: new Date(), timeZone: 'Europe/Moscow', levels: LEVELS };
    const per100k = 100_000 / ctx.params.members;
    const figures: Figure[] = [];
    for (const [name, definition] of SEGMENTS) {
      let count = await countSegment(ctx.db, definition(), context); // warms the cache
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        count = await countSegment(ctx.db, definition(), context);
        samples.push(performance.now() - started);
      }
      const took = median(samples);
      figures.push({
        figure: `segment count: ${name}`,
        value: took * per100k,
        unit: 'ms per 100,000 members, median',
        detail: `${took.toFixed(0)} ms, ${count.toLocaleString('en')} of ${ctx.params.members.toLocaleString('en')}`,
      });
    }
    return figures;
  },
};
