import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointAuth } from '#common/contract/endpoint';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { contractEndpoints } from './contract-endpoints';
import { pagePatterns, registeredRoutes, type RegisteredRoute } from './route-tree';
import { problemsOf, type Credential, type RouteAuth } from './security-header-rules';
import { ASSETS, loadSiteRenderer, type SiteRendererKit } from './site-renderer-kit';
import { createTestApp, type TestApp } from './test-app';

/**
 * The web rules of docs/design/security.md and docs/decisions/004, checked on every answer the deployment
 * gives: every page of the site's route table (web/app/routes.tsx, rendered by the real renderer), every
 * endpoint of the contract (found at run time, as in contract-fuzz.test.ts) and every other route Fastify has
 * registered (the operator API, the till, the sandbox bank, cheques, hashed assets, the manifest, health), with
 * and without credentials, and the error answers (404 page and API, 400, 401, 413, 415, 429). Run with
 * EMBED_ORIGINS set, unset, and in production.
 *
 * Every answer: HSTS (a year, subdomains), `nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, the
 * cross-origin policies, one CSP, no `X-Frame-Options`, no `X-Powered-By`/`Server`. HTML: a CSP with no inline
 * or evaluated script, `object-src 'none'`, `base-uri 'none'`, `frame-ancestors` exactly EMBED_ORIGINS (or
 * `'none'`; always `'none'` on the till's staff page), and no inline script in the document. Anything else:
 * `default-src 'none'; frame-ancestors 'none'; sandbox`. `/api/*`: `no-store`, except public content sent with its ETag; customer, till and operator
 * endpoints are `no-store` always. The till, sandbox bank and cheque pages are `no-store`.
 * The answers Fastify gives before routing: rejected-before-routing.test.ts. The pages are rendered by the
 * real renderer (site-renderer-kit.ts) on the test app's dependencies.
 */

const PARTNERS = 'https://shop.example, https://partner.example:8443';
const OPERATOR_TOKEN = 'headers-test-operator-token-0123456789';
const CUSTOMER = '79990004411';
const OTHER_PHONE = '79990004412';
const TEST_CODE = '12345';
const UUID = '00000000-0000-4000-8000-000000000000';

let site: SiteRendererKit;
beforeAll(async () => {
  site = await loadSiteRenderer();
});
afterAll(async () => {
  await site?.close();
});

const endpoints = [...(await contractEndpoints()).values()];
const authOf = new Map<string, EndpointAuth>(endpoints.map((e) => [`${e.method} ${e.path}`, e.auth]));

/** Who may call a registered route: the contract says; the operator's API is outside it. */
function routeAuth(method: string, path: string): RouteAuth {
  if (path.startsWith('/api/operator/')) return 'operator';
  return authOf.get(`${method === 'HEAD' ? 'GET' : method} ${path}`) ?? 'public';
}

/** A value for each path parameter: shaped so the route's own checks, not the router, answer. */
const PARAM_SAMPLES: Record<string, string> = {
  image: 'logo.png',
  id: '1',
  action: 'confirm',
  '*': 'no-such-page',
};
const fillParams = (path: string, samples: Record<string, string> = {}) =>
  path
    .replace(/:(\w+)/g, (_m, name: string) =>
      encodeURIComponent(samples[name] ?? PARAM_SAMPLES[name] ?? UUID),
    )
    .replace(/\*$/, samples['*'] ?? PARAM_SAMPLES['*']!);

// ---------------------------------------------------------------------------------------------------------
// The deployments under test.

interface Variant {
  name: string;
  config: Partial<Config>;
  embedOrigins: string[];
}

const embedOriginsFromEnv = (value: string) => loadConfig({ EMBED_ORIGINS: value }).embedOrigins;

const common: Partial<Config> = {
  operatorToken: OPERATOR_TOKEN,
  // The customer logs in with a fixed code (there is no SMS outbox in production); OTHER_PHONE gets real codes.
  smsTestOtp: new Map([[CUSTOMER, TEST_CODE]]),
};

const VARIANTS: Variant[] = [
  {
    name: 'EMBED_ORIGINS set',
    config: { ...common, embedOrigins: embedOriginsFromEnv(PARTNERS) },
    embedOrigins: ['https://shop.example', 'https://partner.example:8443'],
  },
  {
    name: 'EMBED_ORIGINS unset',
    config: { ...common, embedOrigins: embedOriginsFromEnv('') },
    embedOrigins: [],
  },
  {
    name: 'production, one partner',
    config: {
      ...common,
      env: 'production',
      isProduction: true,
      seedDemo: false,
      embedOrigins: embedOriginsFromEnv('https://shop.example'),
    },
    embedOrigins: ['https://shop.example'],
  },
];

describe.each(VARIANTS)('security headers: $name', (variant) => {
  let t: TestApp;
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  const credentials: Record<Credential, Record<string, string>> = {
    none: {},
    'bad-token': { authorization: 'Bearer not-a-token' },
    customer: {},
    till: {},
    operator: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  };
  /** Every `METHOD path` of the registered routes that was sent at least once. */
  const reached = new Set<string>();
  const problems: string[] = [];
  let sentCount = 0;

  const send = async (
    options: InjectOptions & { url: string; method?: string },
    meta: { route?: string; auth?: RouteAuth; credential?: Credential; label?: string } = {},
  ) => {
    const credential = meta.credential ?? 'none';
    const method = (options.method ?? 'GET').toUpperCase();
    const response = await app.inject({
      ...options,
      method: method as 'GET',
      headers: { ...credentials[credential], ...options.headers },
    });
    sentCount++;
    if (meta.route) reached.add(`${method} ${meta.route}`);
    const label = meta.label ?? `${method} ${options.url}${credential === 'none' ? '' : ` as ${credential}`}`;
    problems.push(
      ...problemsOf(
        { label, url: options.url, auth: meta.auth ?? routeAuth(method, meta.route ?? ''), credential },
        response,
        variant,
      ),
    );
    return response;
  };

  const takeProblems = () => problems.splice(0);

  beforeAll(async () => {
    t = await createTestApp({ config: variant.config });
    app = await buildApp(t.deps, { logger: false, site: site.siteBundle() });
    await app.ready();
    routes = registeredRoutes(app);

    const phone = await app.inject({ method: 'POST', url: '/api/auth/phone', payload: { phone: CUSTOMER } });
    expect(phone.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { phone: CUSTOMER, token: TEST_CODE },
    });
    expect(login.statusCode).toBe(200);
    credentials.customer = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const key = await app.inject({
      method: 'POST',
      url: '/api/operator/till-keys',
      headers: credentials.operator,
      payload: { retailPointId: 1, label: 'headers test' },
    });
    expect(key.statusCode).toBe(200);
    credentials.till = { 'x-api-key': (key.json() as { key: string }).key };
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('knows the routes it checks', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'GET', path: '/*' });
    expect(routes).toContainEqual({ method: 'GET', path: '/assets/*' });
  });

  it('every page of the route table, rendered', async () => {
    const patterns = pagePatterns(
      site.createRoutes({ queryClient: { ensureQueryData: () => undefined }, api: {} }),
    );
    expect(patterns).toEqual(expect.arrayContaining(['/', '/login', '/profile', '/gc/:id', '/*']));
    // Real ids where the demo content has them, so the page itself renders (and an unknown one: its 404).
    const news = (await app.inject('/api/news')).json() as { news: { id: number }[] };
    const points = (await app.inject('/api/points')).json() as { points: { id: number; title: string }[] };
    const real: Record<string, Record<string, string>> = {
      '/news/:id': { id: String(news.news[0]!.id) },
      '/points/:id': { id: String(points.points[0]!.id) },
      '/map/:title': { title: points.points[0]!.title },
    };
    const statuses: Record<string, number> = {};
    for (const pattern of patterns) {
      const urls =
        pattern.includes(':') || pattern.includes('*')
          ? [fillParams(pattern, real[pattern]), fillParams(pattern, { id: '999999', title: 'nowhere' })]
          : [pattern];
      for (const url of urls) {
        const route = url === '/' ? '/' : '/*';
        const page = await send({ url }, { route, auth: 'public' });
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        statuses[url] = page.statusCode;
        await send({ method: 'HEAD', url }, { route, auth: 'public' });
      }
    }
    for (const url of ['/?view=clear', '/?referrer=partner_1', '/loyalty?p=1', '/news?page=2']) {
      await send({ url }, { route: url.startsWith('/?') ? '/' : '/*', auth: 'public' });
    }
    // A logged-in browser sends cookies but never its token to a page; the page is the same.
    await send(
      { url: '/profile', headers: { cookie: 'referer=partner_1' } },
      { route: '/*', auth: 'public' },
    );
    expect(statuses['/']).toBe(200);
    expect(statuses['/about']).toBe(200);
    expect(statuses['/news/999999']).toBe(404);
    expect(statuses['/no-such-page']).toBe(404);
    expect(takeProblems()).toEqual([]);
  });

  it('every endpoint of the contract and every other registered route, with and without credentials', async () => {
    const sends: { method: string; route: string; credential: Credential }[] = [];
    const keys = new Set<string>();
    const add = (method: string, route: string, credential: Credential) => {
      const key = `${method} ${route} ${credential}`;
      if (!keys.has(key)) sends.push({ method, route, credential });
      keys.add(key);
    };
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const all = [
      ...routes.filter((r) => r.path !== '/*' && r.path !== '/' && r.path !== '/assets/*'),
      // A contract endpoint not registered in this deployment (development handles in production, one not
      // built yet) still answers, with the same headers.
      ...endpoints.filter((e) => !registered.has(`${e.method} ${e.path}`)),
    ];
    for (const { method, path } of all) {
      const auth = routeAuth(method, path);
      add(method, path, 'none');
      if (auth === 'user' || auth === 'optional') add(method, path, 'customer');
      if (auth === 'user' || auth === 'optional') add(method, path, 'bad-token');
      if (auth === 'till') add(method, path, 'till');
      if (auth === 'operator') add(method, path, 'operator');
    }
    // Ending the session last keeps the customer's token valid for the rest.
    const endsSession = (s: { method: string; route: string }) => s.route === '/api/user/logout';
    sends.sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    const authenticatedOk: string[] = [];
    for (const { method, route, credential } of sends) {
      const url = fillParams(route);
      const body = method === 'GET' || method === 'HEAD' ? {} : { payload: {} };
      const response = await send({ method, url, ...body }, { route, credential });
      if (credential !== 'none' && credential !== 'bad-token' && response.statusCode === 200) {
        authenticatedOk.push(`${method} ${route}`);
      }
    }
    // The authenticated answers checked include real data, not only refusals.
    expect(authenticatedOk).toEqual(
      expect.arrayContaining([
        'GET /api/user/info',
        'GET /api/operator/settings',
        'GET /api/operator/till-keys',
      ]),
    );
    expect(takeProblems()).toEqual([]);
  });

  it('static assets, the manifest, health, the OpenAPI document and revalidated content', async () => {
    for (const name of Object.keys(ASSETS)) {
      const asset = await send({ url: `/assets/${name}` }, { route: '/assets/*' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      await send({ method: 'HEAD', url: `/assets/${name}` }, { route: '/assets/*' });
    }
    const compressed = await send(
      { url: '/assets/entry-T3st.js', headers: { 'accept-encoding': 'br' } },
      { route: '/assets/*' },
    );
    expect(compressed.headers['content-encoding']).toBe('br');
    for (const url of [
      '/assets/missing-T3st.js',
      '/assets/',
      '/assets/../package.json',
      '/assets/%2e%2e/x',
    ]) {
      const missing = await send({ url }, { route: '/assets/*' });
      expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await send({ url: '/healthz' }, { route: '/healthz' })).statusCode).toBe(200);
    expect((await send({ url: '/readyz' }, { route: '/readyz' })).statusCode).toBe(200);
    expect((await send({ url: '/manifest.json' }, { route: '/manifest.json' })).statusCode).toBe(200);
    expect((await send({ url: '/api/docs' }, { route: '/api/docs' })).statusCode).toBe(200);
    const picture = await send(
      { url: '/api/proxy/pictures/logo.png' },
      { route: '/api/proxy/pictures/:image' },
    );
    expect(picture.statusCode).toBe(200);
    const news = await send({ url: '/api/news' }, { route: '/api/news' });
    const again = await send(
      { url: '/api/news', headers: { 'if-none-match': String(news.headers.etag) } },
      { route: '/api/news' },
    );
    expect(again.statusCode).toBe(304);
    // The header answer depends on the token: with one, it is the customer's, and a cache must key it.
    await send({ url: '/api/header' }, { route: '/api/header', credential: 'customer' });
    await send({ url: '/api/header', headers: { cookie: 'referer=partner_1' } }, { route: '/api/header' });
    expect(takeProblems()).toEqual([]);
  });

  it('error answers: 404 page and API, 400, 401, 413, 415, 429', async () => {
    const cases: [InjectOptions & { url: string }, number][] = [
      [{ url: '/no-such-page' }, 404],
      [{ url: '/api/no-such-thing' }, 404],
      [{ method: 'POST', url: '/api/no-such-thing', payload: {} }, 404],
      [{ method: 'DELETE', url: '/api/header' }, 404],
      [{ method: 'POST', url: '/about', payload: {} }, 404],
      [{ method: 'POST', url: '/api/auth/phone', payload: { phone: '123' } }, 400],
      [
        {
          method: 'POST',
          url: '/api/auth/phone',
          headers: { 'content-type': 'application/json' },
          payload: '{"phone":',
        },
        400,
      ],
      [{ url: '/api/news/not-a-number' }, 404],
      [{ url: '/api/user/info' }, 401],
      [{ url: '/api/user/info', headers: { authorization: 'Bearer not-a-token' } }, 401],
      [{ url: '/api/operator/settings', headers: { authorization: 'Bearer wrong' } }, 401],
      [{ method: 'POST', url: '/api/till/verify', headers: { 'x-api-key': 'wrong' }, payload: {} }, 401],
      [
        {
          method: 'POST',
          url: '/api/auth/phone',
          headers: { 'content-type': 'application/json' },
          payload: `{"phone":"${'7'.repeat(2 * 1024 * 1024)}"}`,
        },
        413,
      ],
      [
        {
          method: 'POST',
          url: '/api/auth/phone',
          headers: { 'content-type': 'text/xml' },
          payload: '<phone/>',
        },
        415,
      ],
    ];
    for (const [options, status] of cases) {
      const response = await send(options, { auth: 'public' });
      expect(response.statusCode, `${options.method ?? 'GET'} ${options.url}`).toBe(status);
    }
    // The 60 s resend gap: the second code for a phone within a minute is refused with 429 and Retry-After.
    await send({ method: 'POST', url: '/api/auth/phone', payload: { phone: OTHER_PHONE } });
    const again = await send({ method: 'POST', url: '/api/auth/phone', payload: { phone: OTHER_PHONE } });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(takeProblems()).toEqual([]);
  });

  it('reached every registered route', () => {
    const missed = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !reached.has(key));
    expect(missed).toEqual([]);
    expect(sentCount).toBeGreaterThan(200);
  });
});
