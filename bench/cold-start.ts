// Cold start (docs/design/quality.md): the built app, `node dist/server/main.js` with the embedded database,
// from the spawn to its first 200 on `/`: on a fresh data directory (migrations and the demo seed run first) and
// again on that same directory (a restart). The reference is a bare Fastify process started the same way, in
// the same run. Medians of BENCH_COLD_RUNS rounds; each round starts the three in turn.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './built-server';
import { isMain, median, printReport, verdict, type Report, type Row } from './lib';

const RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 3));
const BAR_MS = 3000;

async function timeTo200(script: string, env: Record<string, string>): Promise<number> {
  const server = await startServer({ script, env, readyPath: '/' });
  await server.stop();
  return server.startMs;
}

export async function coldStartReport(): Promise<Report> {
  const fresh: number[] = [];
  const restart: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'kopilka-cold-'));
    try {
      // NODE_ENV as `npm start` leaves it (development): the demo brand is seeded into the empty database.
      const env = { DATA_DIR: dataDir, NODE_ENV: 'development' };
      fresh.push(await timeTo200('dist/server/main.js', env));
      restart.push(await timeTo200('dist/server/main.js', env));
      bare.push(await timeTo200('bench/bare-fastify.mjs', {}));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const reference = median(bare);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const row = (figure: string, times: number[]): Row => {
    const value = median(times);
    return {
      figure,
      value: s(value),
      reference: `bare Fastify ${s(reference)}`,
      ratio: `${(value / reference).toFixed(1)}x`,
      bar: '<= 3 s',
      verdict: verdict(value <= BAR_MS),
    };
  };
  const all = (times: number[]) => times.map((t) => (t / 1000).toFixed(2)).join(', ');
  return {
    rows: [
      row('cold start to first 200 on /, new DATA_DIR', fresh),
      row('restart to first 200 on /, same DATA_DIR', restart),
    ],
    notes: [
      `cold start: median of ${RUNS} (BENCH_COLD_RUNS); new DATA_DIR ${all(fresh)} s; same DATA_DIR ${all(restart)} s; ` +
        `bare Fastify ${all(bare)} s`,
    ],
  };
}

if (isMain(import.meta.url)) printReport(await coldStartReport());
