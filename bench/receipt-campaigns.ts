// npx tsx bench/receipt-campaigns.ts: the till's preview plus accrual of a 30-line receipt with 50 active campaigns
// (40 of them with conditions on goods, all stacking, so every one is matched against every line), beside the same
// calls for a sum-only cheque in the same run (issue 29, decision 062). Through the whole app (`inject`) on the
// local PostgreSQL: the catalogue's lookups, the campaigns' evaluation per line, the spread and the lines'
// rows are all in the figure. Rounds alternate the two kinds so the machine's noise falls on both.
// Bar: the receipt costs at most 1.5× the sum-only cheque.
import { randomUUID } from 'node:crypto';
import type { CampaignInput } from '../common/contract/programme';
import { buildApp } from '../server/app';
import { assembleDeps } from '../server/assemble-deps';
import { systemClock } from '../server/core/clock';
import { toCampaignValues } from '../server/core/earn/campaigns';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { campaigns } from '../server/db/schema/programme';
import { DEMO_CATEGORIES, DEMO_ITEMS } from '../server/db/seed/demo-catalogue';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { scratchDatabase } from './scratch-database';
import { openBenchVisit } from './till-visit';
import { createConsoleSmsProvider } from '../server/integrations/sms/console-provider';
import { isMain, median, printReport, verdict, type Report } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_RECEIPTS ?? 40);
const LINES = 30;
const GOODS_CAMPAIGNS = Number(process.env.BENCH_GOODS_CAMPAIGNS ?? 40);
const CHEQUE_CAMPAIGNS = Number(process.env.BENCH_CHEQUE_CAMPAIGNS ?? 10);
const OPERATOR_TOKEN = 'bench-operator-token-0123456789abcdef0123';
const scratch = scratchDatabase('receipt');

/** 50 campaigns on every day: goods ones over the demo's categories and SKUs (some excluding), and whole-cheque ones. */
function benchCampaigns(): CampaignInput[] {
  const categories = DEMO_CATEGORIES.map((c) => c.id);
  const skus = DEMO_ITEMS.map((i) => i.sku);
  const goods = Array.from({ length: GOODS_CAMPAIGNS }, (_, n) => ({
    title: `Товары ${n + 1}`,
    startsOn: '2026-01-01',
    effect: { kind: 'EXTRA_PERCENT' as const, percent: 0.1 },
    goods: {
      categories: [categories[n % categories.length]!],
      skus: skus.slice(n % skus.length, (n % skus.length) + 3),
      excludeSkus: n % 4 === 0 ? [skus[(n * 7) % skus.length]!] : [],
      minQuantity: n % 5 === 0 ? 2 : 0,
    },
    priority: n % 7,
    stacks: true,
  }));
  const cheque = Array.from({ length: CHEQUE_CAMPAIGNS }, (_, n) => ({
    title: `Чек ${n + 1}`,
    startsOn: '2026-01-01',
    effect: { kind: 'EXTRA_PERCENT' as const, percent: 0.1 },
    priority: n % 7,
    stacks: true,
  }));
  return [...goods, ...cheque];
}

/** 30 lines from the demo's catalogue (by SKU, with shelf prices), tobacco and alcohol among them. */
export function benchLines() {
  const priced = DEMO_ITEMS.filter((item) => item.price !== null);
  return Array.from({ length: LINES }, (_, n) => {
    const item = priced[n % priced.length]!;
    const quantity = 1 + (n % 3);
    const sum = Math.round(item.price! * quantity * 100) / 100;
    return { sku: item.sku, name: item.name, quantity, price: item.price!, sum };
  });
}

/** A member with a card and a visit open for the run at point 1: the accruals' customer. */
const openVisit = async (db: Db, keyId: string) => (await openBenchVisit(db, keyId, 62)).visitId;

export async function receiptCampaignsReport(): Promise<Report> {
  await scratch.create();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 8 });
  try {
    await seedDemoBrand(database.db);
    await database.db.delete(campaigns);
    const written = benchCampaigns();
    if (written.length) await database.db.insert(campaigns).values(written.map(toCampaignValues));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', OPERATOR_TOKEN });
    const sms = createConsoleSmsProvider({ clock: systemClock, log: () => undefined });
    const app = await buildApp(assembleDeps({ config, database, sms }), { logger: false });
    try {
      const issued = await app.inject({
        method: 'POST',
        url: '/api/operator/till-keys',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        payload: { retailPointId: 1, label: 'Касса бенча' },
      });
      const { keyId, key } = issued.json() as { keyId: string; key: string };
      const visitId = await openVisit(database.db, keyId);
      const items = benchLines();
      const sum = Math.round(items.reduce((total, line) => total + line.sum * 100, 0)) / 100;
      const call = async (path: string, body: object) => {
        const response = await app.inject({
          method: 'POST',
          url: `/api/till/${path}`,
          headers: { authorization: `Bearer ${key}` },
          payload: { visitId, ...body },
        });
        if (response.statusCode !== 200) throw new Error(`${path} ${response.statusCode}: ${response.body}`);
        return response.json() as { earned: number; earnRules: unknown[] };
      };
      /** One cheque closed as a till does: preview, then the accrual. */
      const cheque = async (withLines: boolean) => {
        const body = withLines ? { sum, items } : { sum };
        await call('preview', body);
        return call('accrue', { ...body, idempotencyKey: `bench-${randomUUID()}` });
      };
      const timed = async (withLines: boolean) => {
        const started = performance.now();
        for (let i = 0; i < PER_ROUND; i++) await cheque(withLines);
        return (performance.now() - started) / PER_ROUND;
      };
      const sample = await cheque(true);
      await timed(false); // warm-up: the caches, the prepared statements, the JIT
      await timed(true);
      const sumOnly: number[] = [];
      const receipt: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        sumOnly.push(await timed(false));
        receipt.push(await timed(true));
      }
      const ratio = median(receipt) / median(sumOnly);
      return {
        rows: [
          {
            figure: `till preview + accrual, ${LINES} lines, ${GOODS_CAMPAIGNS + CHEQUE_CAMPAIGNS} campaigns`,
            value: `${median(receipt).toFixed(1)} ms`,
            reference: `sum-only cheque ${median(sumOnly).toFixed(1)} ms`,
            ratio: `${ratio.toFixed(2)}×`,
            bar: '<= 1.5×',
            verdict: verdict(ratio <= 1.5),
          },
        ],
        notes: [
          `receipt: ${sum} ₽ in ${LINES} lines earned ${sample.earned} by ${sample.earnRules.length} rules; rounds (ms per cheque) receipt ${receipt.map((v) => v.toFixed(1)).join(', ')}; sum-only ${sumOnly.map((v) => v.toFixed(1)).join(', ')}`,
        ],
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.drop();
  }
}

if (isMain(import.meta.url)) printReport(await receiptCampaignsReport());
