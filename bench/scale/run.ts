// npm run bench:scale -- --members 2000000 [--reference 100000] [--only till,payment,...]: every row of issue 32's
// list measured on a generated national chain (npm run bench:scale:generate) beside the same row on the
// 100,000-member reference database, in one table with the ratio; bar: within 1.2× of the reference. The two
// databases are measured alternately, round by round (best round kept), so the shared machine's noise falls on
// both. Jobs change the data (they post), so they run once per database and count time per due row.
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { printTable, verdict, type Row } from '../lib';
import { openScale, type ScaleContext } from './context';
import { databaseBytes, gib } from './database';
import { PROBES, type Figure } from './probes';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '2000000' },
    reference: { type: 'string', default: '100000' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '2' },
  },
});
const BAR = 1.2;
/** Below this a difference is the timer's and the machine's, not the data's: both sides are "flat". */
const FLOOR_MS = 1;
const only = flags.only?.split(',');
const probes = only ? PROBES.filter((p) => only.includes(p.id)) : PROBES;

const format = (f: Figure) =>
  f.unit === 'buffers' ? `${f.value}` : `${f.value.toFixed(f.value < 10 ? 2 : 0)} ms`;

function rowOf(ref: Figure, big: Figure): Row {
  const ratio = big.value / Math.max(ref.value, 1e-9);
  const flat = ratio <= BAR || (big.unit !== 'buffers' && big.value - ref.value < FLOOR_MS);
  return {
    figure: `${big.figure} (${big.unit})`,
    value: `${format(big)}${big.detail ? ` [${big.detail}]` : ''}`,
    reference: `${format(ref)}${ref.detail ? ` [${ref.detail}]` : ''}`,
    ratio: `${ratio.toFixed(2)}×`,
    bar: `<= ${BAR}×`,
    verdict: verdict(flat),
  };
}

/** Each probe on both, alternating; per figure the lowest value of the rounds (the machine's quietest). */
async function measure(ref: ScaleContext, big: ScaleContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const probe of probes) {
    process.stderr.write(`${probe.id}...\n`);
    const best = new Map<ScaleContext, Figure[]>();
    const rounds = probe.once ? 1 : Number(flags.rounds);
    for (let round = 0; round < rounds; round++) {
      for (const ctx of [ref, big]) {
        const figures = await probe.run(ctx);
        const kept = best.get(ctx);
        best.set(ctx, kept ? kept.map((k, i) => (figures[i]!.value < k.value ? figures[i]! : k)) : figures);
      }
    }
    const [r, b] = [best.get(ref)!, best.get(big)!];
    r.forEach((figure, i) => rows.push(rowOf(figure, b[i]!)));
  }
  return rows;
}

const started = Date.now();
const loadAtStart = loadavg()[0]!.toFixed(1);
const ref = await openScale(Number(flags.reference));
const big = await openScale(Number(flags.members));
try {
  const rows = await measure(ref, big);
  const sizes = await Promise.all([ref, big].map(async (c) => gib(await databaseBytes(c.url))));
  console.log(
    `npm run bench:scale, ${new Date(started).toISOString()}: ${cpus().length} cores (${cpus()[0]?.model}), ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadAtStart} at the start and ` +
      `${loadavg()[0]!.toFixed(1)} at the end, ${((Date.now() - started) / 60_000).toFixed(1)} min`,
  );
  console.log(
    `value: ${big.label}, ${big.params.operations.toLocaleString('en')} operations (${sizes[1]}); ` +
      `reference: ${ref.label}, ${ref.params.operations.toLocaleString('en')} operations (${sizes[0]})`,
  );
  console.log('');
  printTable(rows);
  if (rows.some((r) => r.verdict === 'MISSED')) process.exitCode = 1;
} finally {
  await ref.close();
  await big.close();
}
process.exit(process.exitCode ?? 0);
