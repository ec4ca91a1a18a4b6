// npm run bench: the speed figures of ../shared/design/quality.md, each beside its reference measured in the
// same run on this machine (absolute numbers move on a shared machine; ratios hold).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { systemClock } from '../server/app-deps';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { createConsoleSmsProvider } from '../server/integrations/sms/console-provider';
import { createContentCache } from '../server/lib/content-cache';
import { load, printTable, type Row } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

async function startApp() {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: mkdtempSync(join(tmpdir(), 'kopilka-bench-')),
  });
  await seedDemoBrand(database.db);
  const config = testConfig({ logLevel: 'silent' });
  const cache = createContentCache(database.db, config.contentPollMs);
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      cache,
      clock: systemClock,
      sms: createConsoleSmsProvider({ clock: systemClock, log: () => undefined }),
      isLoggedIn: async () => false,
    },
    { logger: false },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/** The reference: a bare Fastify route answering the same JSON body, serialised on every request. */
async function startBare(body: unknown) {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => body);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/bare` };
}

/** Gzipped bytes of the JavaScript `/` loads before interaction: the entry, its imports, the home chunk. */
function firstLoadJs(): { bytes: number; files: string[] } {
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
  return { bytes, files: [...files] };
}

async function main() {
  const site = await startApp();
  const header = await (await fetch(`${site.url}/api/header`)).json();
  const bare = await startBare(header);
  const rows: Row[] = [];
  try {
    let best = {
      app: { requestsPerSecond: 0, p99Ms: Infinity, errors: 0 },
      bare: { requestsPerSecond: 0, p99Ms: Infinity, errors: 0 },
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the two so neither gets the quieter moment of the machine.
      const a = await load(`${site.url}/api/header`, SECONDS);
      const b = await load(bare.url, SECONDS);
      if (a.requestsPerSecond > best.app.requestsPerSecond) best = { ...best, app: a };
      if (b.requestsPerSecond > best.bare.requestsPerSecond) best = { ...best, bare: b };
    }
    const ratio = best.app.requestsPerSecond / best.bare.requestsPerSecond;
    rows.push({
      figure: 'GET /api/header req/s',
      value: best.app.requestsPerSecond.toFixed(0),
      reference: `bare Fastify ${best.bare.requestsPerSecond.toFixed(0)}`,
      ratio: `${(ratio * 100).toFixed(0)}%`,
      bar: '>= 80%',
      verdict: ratio >= 0.8 ? 'ok' : 'MISSED',
    });
    rows.push({
      figure: 'GET /api/header p99 (50 conn)',
      value: `${best.app.p99Ms} ms`,
      reference: `bare Fastify ${best.bare.p99Ms} ms`,
      ratio: `${(best.app.p99Ms / Math.max(best.bare.p99Ms, 1)).toFixed(2)}x`,
      bar: '< 10 ms',
      verdict: best.app.p99Ms < 10 ? 'ok' : 'MISSED',
    });
    if (best.app.errors) console.warn(`app answered ${best.app.errors} errors`);
  } finally {
    await bare.app.close();
    await site.app.close();
    await site.database.close();
  }
  try {
    const js = firstLoadJs();
    rows.push({
      figure: 'first-load JS of /',
      value: `${(js.bytes / 1024).toFixed(1)} KB gz`,
      reference: `${js.files.length} files`,
      ratio: `${((js.bytes / 1024 / 100) * 100).toFixed(0)}% of bar`,
      bar: '<= 100 KB',
      verdict: js.bytes <= 100 * 1024 ? 'ok' : 'MISSED',
    });
  } catch {
    console.warn('dist/ is not built: run npm run build for the JavaScript size');
  }
  printTable(rows);
}

await main();
