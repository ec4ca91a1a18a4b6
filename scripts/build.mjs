// Builds everything `npm run serve` runs: the client (dist/client), the server renderer (dist/ssr) and the
// server bundle with its migrations and demo files (dist/server).
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const quiet = { logLevel: 'warn' };
await viteBuild({ ...quiet, mode: 'production' });
await viteBuild({ ...quiet, mode: 'production', build: { ssr: 'web/entry-server.tsx' } });

// The service worker (docs/decisions/028): one classic script at the site's root, so its scope is the whole
// site; the server puts the build's version and asset list in when it serves /sw.js.
await esbuild({
  entryPoints: ['web/sw/service-worker.ts'],
  outfile: 'dist/client/sw.js',
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
});

// Hashed assets are precompressed once, so serving them costs no CPU per request.
const assetsDir = 'dist/client/assets';
for (const file of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg)$/.test(file)) continue;
  const body = readFileSync(`${assetsDir}/${file}`);
  writeFileSync(`${assetsDir}/${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${assetsDir}/${file}.br`, brotliCompressSync(body));
}

rmSync('dist/server', { recursive: true, force: true });
await esbuild({
  entryPoints: { main: 'server/main.ts', operator: 'server/cli/operator.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });
// The demo content, without the script that draws its pictures (a development tool, not part of the product).
cpSync('server/db/seed/demo', 'dist/server/demo', {
  recursive: true,
  filter: (source) => !source.endsWith('.mjs') && !source.endsWith('/drawing'),
});

// A first start on the embedded database spent most of its time in PGlite's initdb and then in applying every
// migration: the build does both once and ships the migrated cluster as a directory, which a new DATA_DIR starts
// as a copy of (server/db/client.ts); the start then finds no migration left to apply (decisions 029 and 040).
// Closed cleanly, so a copy opens without recovering anything.
const cluster = new PGlite('dist/server/pglite-cluster');
await cluster.waitReady;
await migrate(drizzle({ client: cluster }), { migrationsFolder: 'server/db/migrations' });
await cluster.close();
console.log('built dist/client, dist/ssr, dist/server');
