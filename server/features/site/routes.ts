import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { registerServiceWorker } from './service-worker-route';
import { buildWebManifest } from './web-manifest';
import type { SiteBundle } from './site-renderer';

/** Referrer ids arriving as `?referrer=` are kept in the `referer` cookie (spec section 2) for 30 days. */
const REFERRER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const REFERER_COOKIE_DAYS = 30;

/** The site: hashed assets, the web manifest, and every other GET rendered on the server. */
export async function registerSiteRoutes(app: FastifyInstance, deps: AppDeps, site: SiteBundle) {
  if (site.plugInto) await site.plugInto(app);
  else {
    await app.register(fastifyStatic, {
      root: `${site.clientDir}/assets`,
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      preCompressed: true,
    });
  }

  app.get('/manifest.json', { schema: { hide: true } }, async (_request, reply) => {
    const settings = await cachedBrandSettings(deps.db, deps.cache);
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('application/manifest+json').send(JSON.stringify(buildWebManifest(settings)));
  });

  registerServiceWorker(app, deps, site);

  const GIFT_CARD_PAGE = /^\/gc(\/|$)/;
  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const url = new URL(request.url, deps.config.publicUrl);
    const result = await site.render({
      url: url.href,
      assets: site.assets,
      routeChunks: site.routeChunks,
      fetchApi: (path, init) => injectApi(app, request, path, init),
    });
    const referrer = url.searchParams.get('referrer');
    if (referrer && REFERRER_ID.test(referrer)) {
      reply.setCookie('referer', referrer, {
        path: '/',
        maxAge: REFERER_COOKIE_DAYS * 86_400,
        sameSite: 'lax',
        secure: url.protocol === 'https:',
      });
    }
    // Pages depend on the brand's current settings; browsers must ask again rather than keep old copies. A gift
    // card's page holds its balance and message: kept by no cache at all (decision 047).
    reply
      .header('cache-control', GIFT_CARD_PAGE.test(url.pathname) ? 'no-store' : 'no-cache')
      .header('vary', 'Cookie');
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.stream);
  };

  // Pages leave compressed (Brotli at quality 4, or gzip, as the browser accepts): a page's HTML with its
  // hydration data is 30 KB and more, a fifth of it compressed, and it is the first thing a phone waits for.
  // Only the pages, in a context of their own: API answers stay uncompressed (their throughput, decision 020),
  // and hashed assets are compressed at build time. A page holds no secret (tokens never reach the server's
  // render), so compressing it next to reflected input gives nothing away (BREACH; decision 038).
  await app.register(async (pages) => {
    await pages.register(fastifyCompress, { encodings: ['br', 'gzip'], customTypes: /^text\/html/ });
    pages.get('/*', { schema: { hide: true } }, renderPage);
    pages.get('/', { schema: { hide: true } }, renderPage);
  });
}

/** Calls our own API in process while rendering, with the visitor's cookies and address but no tokens. */
async function injectApi(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  init: RequestInit = {},
) {
  const response = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: path,
    remoteAddress: request.ip,
    headers: {
      ...(request.headers.cookie && { cookie: request.headers.cookie }),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(typeof init.body === 'string' && { payload: init.body }),
  });
  return new Response(response.statusCode === 304 ? null : new Uint8Array(response.rawPayload), {
    status: response.statusCode,
    headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
  });
}
