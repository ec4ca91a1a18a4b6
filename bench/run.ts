// npm run bench: the speed figures of ../shared/design/quality.md, each beside its reference measured in the
// same run on this machine (absolute numbers move on a shared machine; ratios hold).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { load, printTable, type LoadResult, type Row } from './lib';

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

/** Gzipped bytes of the JavaScript `/` loads before interaction: the entry, its imports, the home chunk. */
function firstLoadJs(): { bytes: number; files: number } {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(add);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
  add('web/features/home/home-page.tsx');
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(`dist/client/${file}`), { level: 9 }).length;
  return { bytes, files: files.size };
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

async function main() {
  const rows: Row[] = [];
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
        verdict: ratio >= 0.8 ? 'ok' : 'MISSED',
      });
      rows.push({
        figure: `GET ${path} p99, 50 conn`,
        value: `${app.p99Ms} ms`,
        reference: `bare Fastify ${reference.p99Ms} ms`,
        ratio: `${(app.p99Ms / Math.max(reference.p99Ms, 1)).toFixed(2)}x`,
        bar: '< 10 ms',
        verdict: app.p99Ms < 10 ? 'ok' : 'MISSED',
      });
      if (app.errors) console.warn(`${path}: the app answered ${app.errors} errors`);
    }
  } finally {
    servers.stop();
  }
  try {
    const js = firstLoadJs();
    rows.push({
      figure: 'first-load JS of /',
      value: `${(js.bytes / 1024).toFixed(1)} KB gz`,
      reference: `${js.files} files`,
      ratio: `${(js.bytes / 1024).toFixed(0)}% of bar`,
      bar: '<= 100 KB',
      verdict: js.bytes <= 100 * 1024 ? 'ok' : 'MISSED',
    });
  } catch {
    console.warn('dist/ is not built: run npm run build for the JavaScript size');
  }
  printTable(rows);
  await lighthouseTable();
  await moneyPathTable();
}

/** The third table: bench/money-path.ts on the machine's PostgreSQL beside pgbench (its own process). */
async function moneyPathTable() {
  console.log('');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/money-path.ts'], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    console.warn(`bench/money-path.ts failed (exit ${code})`);
    process.exitCode = 1;
  }
}

/** The second table: bench/lighthouse.ts in its own process (it starts the built server and a browser). */
async function lighthouseTable() {
  if (!existsSync('dist/server/main.js')) {
    console.warn('dist/ is not built: run npm run build for the Lighthouse table');
    return;
  }
  console.log('');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lighthouse.ts'], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    console.warn(`bench/lighthouse.ts failed (exit ${code})`);
    process.exitCode = 1;
  }
}

await main();
