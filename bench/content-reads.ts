// Content reads (docs/design/quality.md): autocannon against the app's cached content routes and against a
// bare Fastify route answering the same JSON, alternating rounds in the same run (bench/servers.ts starts both in
// a process of their own, so the load generator does not share their thread).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { isMain, load, printReport, verdict, type LoadResult, type Report, type Row } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function startServers() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  const urls = JSON.parse(line) as { appUrl: string; bareUrl: string; paths: string[] };
  return { ...urls, stop: () => child.kill('SIGTERM') };
}

/** The best of several alternating runs of each, so neither gets the machine's quieter moments. */
async function compare(a: string, b: string) {
  let bestA: LoadResult | null = null;
  let bestB: LoadResult | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    const ra = await load(a, SECONDS);
    const rb = await load(b, SECONDS);
    if (!bestA || ra.requestsPerSecond > bestA.requestsPerSecond) bestA = ra;
    if (!bestB || rb.requestsPerSecond > bestB.requestsPerSecond) bestB = rb;
  }
  return { app: bestA!, reference: bestB! };
}

export async function contentReadsReport(): Promise<Report> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const servers = await startServers();
  try {
    for (const path of servers.paths) {
      const appUrl = `${servers.appUrl}${path}`;
      await load(appUrl, 1); // warm-up
      const { app, reference } = await compare(appUrl, `${servers.bareUrl}${path}`);
      const ratio = app.requestsPerSecond / reference.requestsPerSecond;
      rows.push({
        figure: `GET ${path} req/s`,
        value: app.requestsPerSecond.toFixed(0),
        reference: `bare Fastify ${reference.requestsPerSecond.toFixed(0)}`,
        ratio: `${(ratio * 100).toFixed(0)}%`,
        bar: '>= 80%',
        verdict: verdict(ratio >= 0.8),
      });
      rows.push({
        figure: `GET ${path} p99, 50 conn`,
        value: `${app.p99Ms} ms`,
        reference: `bare Fastify ${reference.p99Ms} ms`,
        ratio: `${(app.p99Ms / Math.max(reference.p99Ms, 1)).toFixed(2)}x`,
        bar: '< 10 ms',
        verdict: verdict(app.p99Ms < 10),
      });
      if (app.errors) notes.push(`${path}: the app answered ${app.errors} errors`);
    }
  } finally {
    servers.stop();
  }
  notes.unshift(
    `content reads: best of ${ROUNDS} alternating rounds of ${SECONDS} s (BENCH_ROUNDS, BENCH_SECONDS)`,
  );
  return { rows, notes };
}

if (isMain(import.meta.url)) printReport(await contentReadsReport());
