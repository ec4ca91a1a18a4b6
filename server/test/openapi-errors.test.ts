import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '#common/contract/codes';
import type { Endpoint } from '#common/contract/endpoint';
import { buildApp } from '../app';
import { declaredErrors } from '../lib/declared-errors';
import { registerErrorHandlers } from '../lib/error-handler';
import { AppError } from '../errors';
import { contractEndpoints } from './contract-endpoints';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every route's error answers in the OpenAPI document (/api/docs): each path under /api and each of its methods
 * lists at least one 4xx, and every listed error response names codes of codes.ts under the status codes.ts
 * gives them. The contract's own lists are checked statically: every endpoint has one (`[]` when it has no
 * rules of its own), without duplicates or the codes the server adds for its kind. The strict check (an
 * undeclared code answered as a 500) is what makes the lists true: the suites run with it on.
 */

const OPERATOR_TOKEN = 'openapi-errors-operator-token-0123456789';

interface ErrorResponse {
  description?: string;
  content?: { 'application/json'?: { schema?: { properties?: { code?: { enum?: string[] } } } } };
  properties?: { code?: { enum?: string[] } };
}
type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, ErrorResponse> }>> };

/** The `code` enum of an error response, wherever the document's version puts the schema. */
const codesOf = (response: ErrorResponse) =>
  response.content?.['application/json']?.schema?.properties?.code?.enum ?? response.properties?.code?.enum;

describe('the error responses in the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
    const response = await t.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    doc = response.json() as OpenApi;
  });
  afterAll(() => t?.close());

  it('list at least one 4xx for every path under /api and each of its methods', () => {
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ route: `${method} ${path}`, operation })),
      );
    // The contract's endpoints (the operator's too) and the routes outside it (a picture, an invoice's PDF).
    expect(operations.length).toBeGreaterThan(70);
    expect(operations.map((o) => o.route)).toEqual(
      expect.arrayContaining([
        'get /api/proxy/pictures/{image}',
        'get /api/gc/invoice/{invoiceId}/pdf',
        'put /api/operator/content',
      ]),
    );
    const without = operations
      .filter(({ operation }) => !Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status)))
      .map((o) => o.route);
    expect(without).toEqual([]);
  });

  it('name only codes of codes.ts, each under the status codes.ts gives it', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const route = `${method} ${path} ${status}`;
          const codes = codesOf(response);
          if (!codes?.length) {
            problems.push(`${route}: no code enum`);
            continue;
          }
          checked++;
          for (const code of codes) {
            if (!(code in ERROR_STATUS)) problems.push(`${route}: ${code} is not in codes.ts`);
            else if (ERROR_STATUS[code as ErrorCode] !== Number(status))
              problems.push(`${route}: ${code} answers ${ERROR_STATUS[code as ErrorCode]}`);
          }
          if (new Set(codes).size !== codes.length) problems.push(`${route}: a code repeats`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it("show a route's own codes: the till's spend, a gift card's redemption, a payment", () => {
    const spend = doc.paths['/api/till/spend']!.post!.responses;
    expect(codesOf(spend['409']!)).toEqual(
      expect.arrayContaining([
        'INSUFFICIENT_BONUSES',
        'SPEND_LIMIT',
        'VISIT_ENDED',
        'IDEMPOTENCY_KEY_REUSED',
      ]),
    );
    expect(codesOf(spend['401']!)).toEqual(['UNAUTHORIZED']);
    expect(codesOf(doc.paths['/api/till/gift-cards/redeem']!.post!.responses['409']!)).toEqual([
      'INSUFFICIENT_FUNDS',
      'GIFT_CARD_BLOCKED',
    ]);
    const process = doc.paths['/api/loyalty/processDraft']!.post!.responses;
    expect(codesOf(process['503']!)).toEqual(['UNAVAILABLE', 'BANK_UNAVAILABLE']);
    expect(codesOf(process['401']!)).toEqual(['INVALID_TOKEN']);
  });
});

describe("the contract's error lists", () => {
  let endpoints: Map<string, Endpoint>;
  beforeAll(async () => {
    endpoints = await contractEndpoints();
  });

  it('are given for every endpoint, each code once', () => {
    expect(endpoints.size).toBeGreaterThan(70);
    const problems: string[] = [];
    for (const [key, endpoint] of endpoints) {
      if (!endpoint.errors) {
        problems.push(`${key}: no errors list`);
        continue;
      }
      const repeated = endpoint.errors.filter((code, i) => endpoint.errors!.indexOf(code) !== i);
      if (repeated.length) problems.push(`${key}: ${repeated.join(', ')} repeated`);
    }
    expect(problems).toEqual([]);
  });

  it('hold for what every endpoint answers before its handler: a malformed body, a NUL in the query', async () => {
    const t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
    const problems: string[] = [];
    try {
      for (const [key, endpoint] of endpoints) {
        const url = endpoint.path.replace(/:\w+/g, '1');
        const headers = endpoint.auth === 'operator' ? { authorization: `Bearer ${OPERATOR_TOKEN}` } : {};
        const sent =
          endpoint.method === 'GET'
            ? await t.app.inject({ method: 'GET', url: `${url}?x=%00`, headers })
            : await t.app.inject({
                method: endpoint.method,
                url,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: '{"a":',
              });
        // An undeclared code would be the strict check's 500; a route the test app leaves out is a 404.
        if (sent.statusCode >= 500) problems.push(`${key}: ${sent.statusCode} ${sent.body}`);
      }
    } finally {
      await t.close();
    }
    expect(problems).toEqual([]);
  });

  it('leave out what the server adds for every endpoint of the kind', () => {
    const problems: string[] = [];
    for (const [key, endpoint] of endpoints) {
      const automatic = declaredErrors({ ...endpoint, errors: [] });
      const extra = (endpoint.errors ?? []).filter((code) => automatic.has(code));
      if (extra.length) problems.push(`${key}: ${extra.join(', ')} added by the server anyway`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the strict check', () => {
  async function appWith(strictErrorCodes: boolean) {
    const app = Fastify({ logger: false });
    registerErrorHandlers(app, { strictErrorCodes });
    const errors = new Set<ErrorCode>(['NOT_FOUND', 'INTERNAL']);
    app.get('/declared', { config: { errors } }, async () => {
      throw new AppError('NOT_FOUND', 'Нет');
    });
    app.get('/undeclared', { config: { errors } }, async () => {
      throw new AppError('CARD_LOCKED', 'Карта заблокирована');
    });
    await app.ready();
    return app;
  }

  it('answers a code the route did not declare as a 500 naming it, and a declared one as it is', async () => {
    const app = await appWith(true);
    expect((await app.inject('/declared')).statusCode).toBe(404);
    const undeclared = await app.inject('/undeclared');
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.json()).toEqual({
      message: 'Код CARD_LOCKED не объявлен в контракте GET /undeclared',
      code: 'INTERNAL',
    });
    await app.close();
  });

  it('is off outside tests: the code is answered as thrown', async () => {
    const app = await appWith(false);
    const response = await app.inject('/undeclared');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CARD_LOCKED' });
    await app.close();
  });

  it('is on in the app under NODE_ENV=test only (server/app.ts)', async () => {
    const t = await createTestApp();
    const statusIn = async (env: 'test' | 'development') => {
      const app = await buildApp({ ...t.deps, config: { ...t.deps.config, env } }, { logger: false });
      app.get('/api/undeclared', { config: { errors: new Set(['INTERNAL'] as const) } }, async () => {
        throw new AppError('CARD_LOCKED', 'Карта заблокирована');
      });
      const response = await app.inject('/api/undeclared');
      await app.close();
      return response.statusCode;
    };
    try {
      expect(await statusIn('test')).toBe(500);
      expect(await statusIn('development')).toBe(403);
      // An endpoint without input declares VALIDATION too: any query string carrying U+0000 is refused.
      const nul = await t.app.inject('/api/rules?x=%00');
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({ code: 'VALIDATION' });
    } finally {
      await t.close();
    }
  });
});
