import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { offlinePage } from './offline-page';
import type { SiteBundle } from './site-renderer';

/** The cabinet's pages whose code the worker keeps from its install on, so /profile opens offline at once. */
const OFFLINE_CHUNKS = ['profile-page'];

/**
 * `/sw.js` (the service worker scripts/build.mjs bundled, with this build's version and asset list put in) and
 * `/offline`. The worker's own script is never cached by HTTP, so a new build is found on the next visit; a
 * development site (no build) has no worker.
 */
export function registerServiceWorker(app: FastifyInstance, deps: AppDeps, site: SiteBundle) {
  const file = join(site.clientDir, 'sw.js');
  const source = !site.plugInto && existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (source) {
    const assets = [
      site.assets.entry,
      ...site.assets.styles,
      ...site.assets.preload,
      ...OFFLINE_CHUNKS.flatMap((chunk) => site.routeChunks[chunk] ?? []),
    ];
    // The entry's hashed name changes with every build that changes the code: the worker's version.
    const version = site.assets.entry.replace(/^.*\/|\.js$/g, '');
    const script = source
      .replaceAll('__SW_VERSION__', JSON.stringify(version))
      .replaceAll('__SW_ASSETS__', JSON.stringify([...new Set(assets)]));
    app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
    );
  }
  app.get('/offline', { schema: { hide: true } }, async (_request, reply) => {
    const settings = await cachedBrandSettings(deps.db, deps.cache);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(offlinePage(settings.title));
  });
}
