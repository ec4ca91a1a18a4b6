import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint, EndpointAuth, EndpointSchemas, HttpMethod } from '../../common/contract/endpoint';
import { contentFileSchema } from '../../common/contract/operator';
import { seededRandom, testSeed, type Random } from '../../common/testing/random';
import { issueCertificate, registeredCustomer } from './cabinet-kit';
import { sandboxWalletToken } from '../integrations/acquirer/sandbox-acquirer';
import { customerWithBonuses, POINT } from './payments-kit';
import { assertLedgerInvariants } from './ledger-invariants';
import { loginAs } from './login';
import { createTestApp, type TestApp } from './test-app';
import { ValuePool, validSample, type Path } from './zod-samples';
import { boundaryValues, invalidValues, leavesOf, REMOVE, withValue } from './zod-variants';

/**
 * Generated requests for every endpoint of the contract (issue 8, "Bad input"; docs/design/security.md: "bad input
 * gets a 4xx with a clear message, never a 500"). The endpoints are found at run time: every value exported by
 * a module of common/contract that looks like an endpoint, so a new endpoint is fuzzed without touching this
 * file. For each: valid requests generated from its zod schemas, boundary values of each field, invalid ones
 * (wrong types, missing and extra fields, malformed JSON, wrong content type, oversized bodies, bad path
 * params), authenticated and not. Every answer must be below 500; a 4xx carries a JSON `message`; a 2xx
 * matches the endpoint's response schema; input the schema refuses never gets a 2xx; a customer endpoint
 * called without a valid token answers 401. Seeded: `TEST_SEED=<n>` replays a run; `FUZZ_ALL=1` sends every
 * boundary and invalid case instead of a sample (about twice the requests); `FUZZ_REPORT=1` prints the statuses.
 */

const SEED = testSeed(8);
const VALID_CASES = 15;
/** Boundary cases per endpoint: all of them up to this, then a seeded sample (the operator's big documents). */
const MAX_BOUNDARY_CASES = process.env.FUZZ_ALL ? Infinity : 160;
const MAX_INVALID_CASES = process.env.FUZZ_ALL ? Infinity : 60;
const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789';
const CUSTOMER_PHONE = '79990001122';

interface FuzzEndpoint {
  key: string;
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  schemas: EndpointSchemas;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const isEndpoint = (value: unknown): value is Endpoint => {
  const e = value as Partial<Endpoint> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    METHODS.has(e.method as string) &&
    typeof e.path === 'string' &&
    e.path.startsWith('/') &&
    !!e.schemas?.response
  );
};

/**
 * Endpoints left out, each with the reason and where its input is tested instead. The app under fuzz runs on
 * the real clock, so the DEV_CLOCK handle is not even registered there; moving a clock shared by every other
 * endpoint's cases (tokens, holds, sending dates) by a random year would make their answers meaningless.
 */
const NOT_FUZZED: Record<string, string> = {
  'POST /api/dev/clock': 'DEV_CLOCK only; bad input tested in server/features/dev/dev-clock.test.ts',
};

/** Every endpoint exported by a contract module (endpoint.ts and registry.ts hold types only). */
async function contractEndpoints(): Promise<FuzzEndpoint[]> {
  const dir = fileURLToPath(new URL('../../common/contract/', import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'endpoint.ts' && f !== 'registry.ts')
    .sort();
  const found = new Map<string, FuzzEndpoint>();
  for (const file of files) {
    const module = (await import(`../../common/contract/${file.replace(/\.ts$/, '')}.ts`)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(module)) {
      if (!isEndpoint(value)) continue;
      const key = `${value.method} ${value.path}`;
      if (key in NOT_FUZZED) continue;
      const body = FUZZ_BODY[key];
      found.set(key, {
        key,
        method: value.method,
        path: value.path,
        auth: value.auth,
        schemas: body ? { ...value.schemas, body } : value.schemas,
      });
    }
  }
  // The operator's endpoints run last: a valid PUT replaces the brand's settings and content, which would
  // change what the earlier endpoints see.
  const all = [...found.values()];
  return [...all.filter((e) => e.auth !== 'operator'), ...all.filter((e) => e.auth === 'operator')];
}

/**
 * The content import's body is checked by its service (so a refusal names the file's path), which leaves the
 * contract's body schema open; the fuzz generates content files for it instead.
 */
const FUZZ_BODY: Record<string, z.ZodType> = { 'PUT /api/operator/content': contentFileSchema };

/**
 * Endpoints whose 2xx ends the caller's session: each of their authenticated cases logs in a customer of its
 * own, so the shared customer's token keeps working for the rest. A probe after every customer endpoint fails
 * the test if some other endpoint starts ending sessions (add it here).
 */
const ENDS_SESSION = new Set(['GET /api/user/logout', 'POST /api/user/delete']);

const endpoints = await contractEndpoints();

// ---------------------------------------------------------------------------------------------------------
// Requests.

type Part = 'params' | 'query' | 'body';
const PARTS: Part[] = ['params', 'query', 'body'];

interface Input {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

interface Case {
  kind: 'valid' | 'boundary' | 'invalid' | 'unauthenticated';
  label: string;
  input: Input;
  /** A body sent as is instead of `input.body` (malformed JSON, another content type, oversized). */
  raw?: { payload: string | Buffer; contentType?: string; refused: boolean };
  /** The Authorization header; undefined: the endpoint's own (a token for customer and operator endpoints). */
  authorization?: string | null;
}

/** A number written into JSON as is (1e400 parses to Infinity, which JSON.stringify cannot write). */
class RawNumber {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawNumber) return `__raw_${raws.push(v.text) - 1}__`;
    return v;
  });
  return (text ?? '').replace(/"__raw_(\d+)__"/g, (_, i: string) => raws[Number(i)]!);
}

/** Path params and query values travel as text: what the route's schema is given. */
function asText(value: unknown): string | string[] | undefined {
  if (value === undefined || value === REMOVE) return undefined;
  if (Array.isArray(value)) return value.map((v) => String(asText(v) ?? ''));
  if (value instanceof RawNumber) return value.text;
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Query values as the route receives them: a repeated key is a list, a single one a string. */
function textRecord(value: unknown): Record<string, string | string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    const text = asText(v);
    if (text === undefined || (Array.isArray(text) && text.length === 0)) continue;
    out[k] = Array.isArray(text) && text.length === 1 ? text[0]! : text;
  }
  return out;
}

/** Path params as the route receives them: only the route's own names, each one segment of text. */
function paramRecord(endpoint: FuzzEndpoint, value: unknown): Record<string, string> {
  const given = textRecord(value) ?? {};
  const out: Record<string, string> = {};
  for (const [, name] of endpoint.path.matchAll(/:(\w+)/g)) {
    const v = given[name!];
    out[name!] = Array.isArray(v) ? v.join(',') : (v ?? '');
  }
  return out;
}

function urlOf(endpoint: FuzzEndpoint, input: Input): string {
  const params = paramRecord(endpoint, input.params);
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(textRecord(input.query) ?? {})) {
    for (const item of Array.isArray(v) ? v : [v]) query.append(k, item);
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Whether the endpoint's own schemas refuse this input (then the answer must be a 4xx). */
function refusedBySchemas(endpoint: FuzzEndpoint, c: Case): boolean {
  const { schemas } = endpoint;
  if (c.raw) return c.raw.refused;
  if (schemas.params && !schemas.params.safeParse(paramRecord(endpoint, c.input.params)).success) return true;
  if (schemas.query && !schemas.query.safeParse(textRecord(c.input.query) ?? {}).success) return true;
  if (schemas.body) {
    const body = c.input.body === REMOVE ? undefined : c.input.body;
    if (!schemas.body.safeParse(JSON.parse(toJson(body) || 'null') ?? undefined).success) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Cases.

function seedOf(key: string): number {
  let h = SEED >>> 0;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function shuffled<T>(items: T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function validInput(endpoint: FuzzEndpoint, random: Random, pool: ValuePool, full = false): Input | string {
  const input: Input = {};
  for (const part of PARTS) {
    const schema = endpoint.schemas[part];
    if (!schema) continue;
    const value = validSample(schema, random, pool, full);
    if (value === undefined && !schema.safeParse(undefined).success) {
      return `no valid ${part} could be generated for ${endpoint.key}: teach server/test/zod-samples.ts`;
    }
    input[part] = value;
  }
  return input;
}

const NUMBER_TEXTS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0.0',
  '1.0000000000000002',
  '123456789012345678901234567890',
];

function variantCases(endpoint: FuzzEndpoint, base: Input, random: Random, pool: ValuePool) {
  const boundary: Case[] = [];
  const invalid: Case[] = [];
  for (const part of PARTS) {
    const schema = endpoint.schemas[part];
    if (!schema) continue;
    const at = (path: Path, value: unknown): Input => ({
      ...base,
      [part]: withValue(base[part] ?? {}, path, value),
    });
    for (const leaf of leavesOf(schema)) {
      for (const v of boundaryValues(leaf, random, pool)) {
        boundary.push({ kind: 'boundary', label: `${part}.${v.label}`, input: at(v.path, v.value) });
      }
      if (part === 'body' && leaf.schema && /number/.test(JSON.stringify(leafType(leaf.schema)))) {
        for (const text of NUMBER_TEXTS) {
          boundary.push({
            kind: 'boundary',
            label: `${part}.${leaf.path.join('.')}: raw ${text}`,
            input: at(leaf.path, new RawNumber(text)),
          });
        }
      }
      for (const v of invalidValues(leaf)) {
        invalid.push({ kind: 'invalid', label: `${part}.${v.label}`, input: at(v.path, v.value) });
      }
    }
    if (part === 'params') continue; // the URL carries only the route's own params
    invalid.push({ kind: 'invalid', label: `${part}: extra field`, input: at(['unexpectedField'], 'x') });
    invalid.push({ kind: 'invalid', label: `${part}: odd key`, input: at(['__proto__x'], { a: 1 }) });
  }
  return { boundary, invalid };
}

function leafType(schema: z.ZodType): string {
  const def = (
    schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } } }
  )._zod.def;
  if (def.innerType) return leafType(def.innerType);
  if (def.in) return leafType(def.in);
  return def.type;
}

/** Bodies the framework reads (as JSON, or text/plain as a string): refused only by an endpoint's body schema. */
const WELL_FORMED = new Set([
  'text/plain',
  'bytes that are not UTF-8',
  'JSON null',
  'JSON array',
  'JSON string',
  'JSON number',
  '__proto__ key',
  'constructor.prototype key',
  'duplicate keys',
  'deep nesting',
]);

/** Bodies that are not the endpoint's JSON at all; on a GET, a body the route should ignore. */
function rawCases(endpoint: FuzzEndpoint, base: Input): Case[] {
  const json = toJson(base.body ?? {});
  const raw = (label: string, payload: string | Buffer, contentType?: string, refused = true): Case => ({
    kind: 'invalid',
    label,
    input: base,
    raw: { payload, contentType, refused: refused && (readsBody || !WELL_FORMED.has(label)) },
  });
  // An endpoint that takes no body ignores one it can read; what the framework cannot read is still refused.
  const readsBody = endpoint.schemas.body !== undefined;
  if (endpoint.method === 'GET') return [raw('a JSON body on a GET', '{"a":1}', 'application/json', false)];
  return [
    raw('malformed JSON', '{"a":', 'application/json'),
    raw('truncated body', json.slice(0, Math.max(1, json.length - 1)), 'application/json'),
    raw('empty body with a JSON content type', '', 'application/json'),
    raw('JSON null', 'null', 'application/json'),
    raw('JSON array', '[]', 'application/json'),
    raw('JSON string', '"x"', 'application/json'),
    raw('JSON number', '1', 'application/json'),
    raw('text/plain', json, 'text/plain'),
    raw('form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw(
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      'multipart/form-data; boundary=x',
    ),
    raw('unknown content type', json, 'application/x-unknown'),
    // Fastify reads JSON as UTF-8 whatever the charset says; these bytes are UTF-8, so it may pass.
    raw('JSON in another charset', json, 'application/json; charset=utf-16', false),
    raw(
      'bytes that are not UTF-8',
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      'application/json',
    ),
    raw('__proto__ key', `{"__proto__":{"polluted":1},${json.slice(1)}`, 'application/json'),
    raw('constructor.prototype key', '{"constructor":{"prototype":{"polluted":1}}}', 'application/json'),
    raw(
      'duplicate keys',
      `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"a":1,"a":2}`,
      'application/json',
    ),
    raw('deep nesting', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, 'application/json'),
    raw('oversized body (over 1 MiB)', `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`, 'application/json'),
  ];
}

function unauthenticatedCases(base: Input): Case[] {
  const header = Buffer.from('{"alg":"HS256","typ":"at+jwt"}').toString('base64url');
  const payload = Buffer.from('{"sub":"x","sid":"y","exp":9999999999}').toString('base64url');
  return [
    null,
    '',
    'Bearer',
    'Bearer ',
    'Bearer garbage',
    `Bearer ${header}.${payload}.${'A'.repeat(43)}`,
    `Bearer ${'a'.repeat(3000)}`,
    'Basic dXNlcjpwYXNz',
    'Bearer ё',
  ].map((authorization) => ({
    kind: 'unauthenticated' as const,
    label: `authorization ${JSON.stringify(authorization)?.slice(0, 40)}`,
    input: base,
    authorization,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// The run.

let t: TestApp;
let customerToken: string;
const pool = new ValuePool();
const counts = { valid: 0, boundary: 0, invalid: 0, unauthenticated: 0, total: 0 };
/** `FUZZ_REPORT=1`: the answers' statuses per endpoint and kind, to see how deep the valid cases reach. */
const statuses = new Map<string, Record<string, number>>();
let sessionPhone = 79_950_000_000;

beforeAll(async () => {
  t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
  // One customer with a card, bonuses and a certificate, so valid calls reach the code behind validation.
  await registeredCustomer(t, CUSTOMER_PHONE);
  await customerWithBonuses(t, CUSTOMER_PHONE, 500);
  const certificateId = await issueCertificate(t, CUSTOMER_PHONE, { nominal: 10_000 });
  customerToken = await loginAs(t, CUSTOMER_PHONE);
  pool.pin('phone', CUSTOMER_PHONE);
  pool.pin('retailPointId', POINT);
  pool.pin('token', String(POINT));
  // A wallet's payment token (base64; the sandbox saves its card) and a till's scanned member code (22 digits):
  // shapes the generator cannot make from a refine, or from a regex with a separate minimum.
  pool.pin('token', sandboxWalletToken('4242'));
  pool.pin('code', '7770000000000011123456');
  pool.pin('cardCode', '1234 5678 9012 3456');
  pool.pin('id', '1');
  pool.pin('ids', certificateId);
  // A company's bank details (checked by refines): inn 9-12 digits, kpp and bic 9, accounts 20.
  pool.pin('inn', '7701234567');
  pool.pin('kpp', '770101001');
  pool.pin('bic', '044525225');
  pool.pin('payment', '40702810938000012345');
  pool.pin('corr', '30101810400000000225');
  pool.pin('email', 'buh@romashka.example');
  for (const path of ['/loyalty/finish?p=1', '/profile?t=cards']) {
    pool.pin('returnUrl', `${t.deps.config.publicUrl}${path}`);
    pool.pin('url', `${t.deps.config.publicUrl}${path}`);
  }
  // Answers fill the pool: a draft id from createDraft is what processDraft is then called with.
  for (const path of ['/api/user/info', '/api/user/getCerts', '/api/points', '/api/news']) {
    const response = await t.app.inject({
      method: path === '/api/user/getCerts' ? 'POST' : 'GET',
      url: path,
      headers: { authorization: `Bearer ${customerToken}` },
      ...(path === '/api/user/getCerts' && { payload: { phone: CUSTOMER_PHONE } }),
    });
    pool.harvest(response.json());
  }
});

afterAll(async () => {
  if (process.env.FUZZ_REPORT) for (const [key, seen] of statuses) console.log(key, JSON.stringify(seen));
  console.log(
    `contract fuzz (seed ${SEED}): ${JSON.stringify(counts)} requests over ${endpoints.length} endpoints`,
  );
  await t?.close();
});

async function authorizationFor(
  endpoint: FuzzEndpoint,
  c: Case,
  random: Random,
): Promise<string | undefined> {
  if (c.authorization !== undefined) return c.authorization ?? undefined;
  if (endpoint.auth === 'operator') return `Bearer ${OPERATOR_TOKEN}`;
  if (endpoint.auth === 'user') {
    if (!ENDS_SESSION.has(endpoint.key)) return `Bearer ${customerToken}`;
    return `Bearer ${await loginAs(t, String(sessionPhone++))}`;
  }
  // Public and optional endpoints: with and without a customer's token.
  return random.chance(0.5) ? `Bearer ${customerToken}` : undefined;
}

async function send(endpoint: FuzzEndpoint, c: Case, random: Random): Promise<string | null> {
  const authorization = await authorizationFor(endpoint, c, random);
  const options: InjectOptions = {
    method: endpoint.method,
    url: urlOf(endpoint, c.input),
    headers: { ...(authorization !== undefined && { authorization }) },
    remoteAddress: `10.88.${random.int(0, 255)}.${random.int(1, 254)}`,
  };
  if (c.raw) {
    options.payload = c.raw.payload;
    if (c.raw.contentType) options.headers!['content-type'] = c.raw.contentType;
  } else if (endpoint.schemas.body && c.input.body !== undefined && c.input.body !== REMOVE) {
    options.payload = toJson(c.input.body);
    options.headers!['content-type'] = 'application/json';
  }
  counts[c.kind]++;
  counts.total++;
  const response = await t.app.inject(options);
  const status = response.statusCode;
  const seen = statuses.get(`${endpoint.key} ${c.kind}`) ?? {};
  seen[status] = (seen[status] ?? 0) + 1;
  statuses.set(`${endpoint.key} ${c.kind}`, seen);
  const shown = () =>
    `${c.kind} "${c.label}": ${options.method} ${String(options.url).slice(0, 200)} ${
      typeof options.payload === 'string' ? options.payload.slice(0, 300) : ''
    } -> ${status} ${response.body.slice(0, 300)}`;
  if (status >= 500) return `5xx: ${shown()}`;
  let json: unknown;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  if (status >= 400) {
    const message = (json as { message?: unknown } | undefined)?.message;
    if (typeof message !== 'string' || message.trim() === '') return `4xx without a message: ${shown()}`;
  }
  if (status >= 200 && status < 300) {
    const parsed = endpoint.schemas.response.safeParse(json);
    if (!parsed.success) return `2xx not matching the response schema: ${shown()}: ${parsed.error.message}`;
    pool.harvest(json);
  }
  const needsAuth = endpoint.auth === 'user' || endpoint.auth === 'operator';
  if (c.kind === 'unauthenticated' && needsAuth && status !== 401)
    return `not 401 without a token: ${shown()}`;
  if (c.kind !== 'unauthenticated' && refusedBySchemas(endpoint, c) && (status < 400 || status >= 500)) {
    return `input the schema refuses was not refused: ${shown()}`;
  }
  return null;
}

describe('generated requests for every endpoint of the contract', () => {
  it('finds the endpoints, and each is registered with this configuration', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    const missing = endpoints.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => e.key)).toEqual([]);
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.key} (${endpoint.auth})`, async () => {
      const random = seededRandom(seedOf(endpoint.key));
      const problems: string[] = [];
      const bases: Input[] = [];
      for (let i = 0; i < VALID_CASES; i++) {
        const input = validInput(endpoint, random, pool);
        if (typeof input === 'string') {
          problems.push(input);
          break;
        }
        bases.push(input);
        const problem = await send(endpoint, { kind: 'valid', label: `valid #${i}`, input }, random);
        if (problem) problems.push(problem);
      }
      // The variants start from a valid input with every optional field and an item in every list.
      const full = validInput(endpoint, random, pool, true);
      const base = typeof full === 'string' ? (bases[0] ?? {}) : full;
      const { boundary, invalid } = variantCases(endpoint, base, random, pool);
      const cases = [
        ...shuffled(boundary, random).slice(0, MAX_BOUNDARY_CASES),
        ...shuffled(invalid, random).slice(0, MAX_INVALID_CASES),
        ...rawCases(endpoint, base),
        ...(endpoint.auth === 'user' || endpoint.auth === 'operator' ? unauthenticatedCases(base) : []),
      ];
      for (const c of cases) {
        const problem = await send(endpoint, c, random);
        if (problem) problems.push(problem);
      }
      if (endpoint.auth === 'user' && !ENDS_SESSION.has(endpoint.key)) {
        const probe = await t.app.inject({
          url: '/api/user/info',
          headers: { authorization: `Bearer ${customerToken}` },
        });
        if (probe.statusCode === 401)
          problems.push(`${endpoint.key} ended the shared session: add it to ENDS_SESSION`);
      }
      expect(problems.slice(0, 10), `seed ${SEED}; ${problems.length} problems`).toEqual([]);
    });
  }

  it('leaves the ledger consistent', async () => {
    await assertLedgerInvariants(t.deps.db);
  });
});
