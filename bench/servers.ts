// Started by bench/run.ts in its own process, so the load generator does not share the servers' thread:
// the app on a fresh embedded database, and the reference bare Fastify route. Prints the URLs as one JSON line.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { systemClock } from '../server/core/clock';
import { buildApp } from '../server/app';
import { assembleDeps } from '../server/assemble-deps';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemoBrand } from '../server/db/seed/demo-brand';
import { seedDemoCustomer } from '../server/db/seed/demo-customer';
import { createConsoleSmsProvider } from '../server/integrations/sms/console-provider';

const database = await openDatabase({
  kind: 'pglite',
  dataDir: mkdtempSync(join(tmpdir(), 'kopilka-bench-')),
});
await seedDemoBrand(database.db);
await seedDemoCustomer(database.db);
const config = testConfig({ logLevel: 'silent' });
const sms = createConsoleSmsProvider({ clock: systemClock, log: () => undefined });
const app = await buildApp(assembleDeps({ config, database, sms }), { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** The content reads the bar covers; bench/run.ts measures each against its bare twin. */
export const CONTENT_PATHS = ['/api/header', '/api/points', '/api/news', '/api/faq'];

// Each reference answers the same JSON body as its app route, serialised on every request, with no hooks.
const bare = Fastify({ logger: false });
for (const path of CONTENT_PATHS) {
  const body = await (await fetch(`${appUrl}${path}`)).json();
  bare.get(`/bare${path}`, async () => body);
}
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

console.log(JSON.stringify({ appUrl, bareUrl, paths: CONTENT_PATHS }));
process.on('SIGTERM', async () => {
  await Promise.all([app.close(), bare.close()]);
  await database.close();
  process.exit(0);
});
