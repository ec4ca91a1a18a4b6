import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '#common/contract/endpoint';
import { examplesOf } from '#common/contract/examples';
import * as till from '#common/contract/till';
import * as tillGiftCards from '#common/contract/till-gift-cards';
import * as tillPaymentReturns from '#common/contract/till-payment-returns';
import * as tillReceipt from '#common/contract/till-receipt';
import * as tillRegisterReceipt from '#common/contract/till-register-receipt';
import * as tillReturns from '#common/contract/till-returns';
import { createTestApp, type TestApp } from '#server/test/test-app';

/**
 * The OpenAPI document at /api/docs and its browsable UI at /api/docs/ui (docs/decisions/024): the till API's
 * examples (common/contract/till-examples.ts) reach the document where Swagger UI shows them, each one is
 * valid for its own schema, and the UI's page and files are served from this server.
 */

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
const tillEndpoints: Endpoint[] = (
  [till, tillGiftCards, tillReceipt, tillReturns, tillPaymentReturns, tillRegisterReceipt].flatMap((module) =>
    Object.values(module),
  ) as unknown[]
).filter(isEndpoint);

interface MediaType {
  schema: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}
interface Operation {
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the till API examples', () => {
  it('are given for every request body and answer of the till', () => {
    expect(tillEndpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/till/verify',
        'POST /api/till/spend',
        'GET /api/till/visits/:visitId',
        'POST /api/till/preview',
        'POST /api/till/payment-receipt',
        'POST /api/till/operations/:operationId/return',
        'POST /api/till/payment-receipts/:receiptId/return',
        'GET /api/till/payment-receipts/:receiptId',
      ]),
    );
    const missing = tillEndpoints.flatMap((endpoint) => [
      ...(endpoint.schemas.body && !examplesOf(endpoint.schemas.body) ? [`${endpoint.path} body`] : []),
      ...(!examplesOf(endpoint.schemas.response) ? [`${endpoint.path} response`] : []),
    ]);
    expect(missing).toEqual([]);
  });

  it('are valid for their own schemas, and an answer is sent exactly as written', () => {
    const problems: string[] = [];
    const check = (label: string, schema: z.ZodType, exact: boolean) => {
      for (const [name, example] of Object.entries(examplesOf(schema) ?? {})) {
        expect(example.summary, `${label} ${name}`).toBeTruthy();
        const parsed = schema.safeParse(example.value);
        if (!parsed.success) problems.push(`${label} ${name}: ${parsed.error.message}`);
        // The response schema shapes what the server sends: an example must survive it unchanged.
        else if (exact && JSON.stringify(parsed.data) !== JSON.stringify(example.value)) {
          problems.push(`${label} ${name}: changed by its schema`);
        }
      }
    };
    for (const endpoint of tillEndpoints) {
      if (endpoint.schemas.body) check(`${endpoint.path} body`, endpoint.schemas.body, false);
      check(`${endpoint.path} response`, endpoint.schemas.response, true);
    }
    expect(problems).toEqual([]);
  });

  it('tell a wrong example from a right one (the check above can fail)', () => {
    const [first] = Object.values(examplesOf(till.tillSpend.schemas.body) ?? {});
    expect(till.tillSpend.schemas.body.safeParse(first!.value).success).toBe(true);
    const wrong = { ...(first!.value as object), sum: 1.005 };
    expect(till.tillSpend.schemas.body.safeParse(wrong).success).toBe(false);
  });
});

describe('the OpenAPI document and its UI', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    doc = response.json() as OpenApi;
  });
  afterAll(() => t?.close());

  it('carries the till examples on the request bodies and answers, as Swagger UI reads them', () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    for (const endpoint of tillEndpoints) {
      const operation = doc.paths[documentPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.path).toBeDefined();
      if (endpoint.schemas.body) {
        const body = operation!.requestBody!.content['application/json']!;
        expect(body.examples, `${endpoint.path} body`).toEqual(examplesOf(endpoint.schemas.body));
        expect(JSON.stringify(body.schema)).not.toContain('x-examples');
      }
      const answer = operation!.responses['200']!.content!['application/json']!;
      expect(answer.examples, `${endpoint.path} response`).toEqual(examplesOf(endpoint.schemas.response));
    }
    const spend = doc.paths['/api/till/spend']!.post!;
    expect(spend.requestBody!.content['application/json']!.examples!.chosen!.value).toMatchObject({
      sum: 1000,
      bonuses: 200,
    });
    expect(spend.responses['200']!.content!['application/json']!.examples!.held!.value).toMatchObject({
      kind: 'SPEND',
      state: 'HELD',
    });
  });

  it('serves the UI at /api/docs/ui: its page, its scripts and styles from this server, the same document', async () => {
    for (const url of ['/api/docs/ui', '/api/docs/ui/']) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>Kopilka API</title>');
      const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(files.length).toBeGreaterThanOrEqual(4);
      for (const file of files) {
        // Nothing from elsewhere: every file is this server's, under the UI's own prefix.
        expect(file, url).toMatch(/^(\.\/static\/|\/api\/docs\/ui\/static\/)/);
        const asset = await t.app.inject(new URL(file, `http://localhost${url}`).pathname);
        expect(asset.statusCode, file).toBe(200);
      }
    }
    const initializer = await t.app.inject('/api/docs/ui/static/swagger-initializer.js');
    expect(initializer.body).toContain('"BaseLayout"');
    expect(initializer.body).toContain('validatorUrl: null');
    const ui = await t.app.inject('/api/docs/ui/json');
    expect(ui.json()).toEqual(doc);
  });
});
