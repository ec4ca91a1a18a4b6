import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contentFileSchema } from '#common/contract/operator';
import { seededRandom, testSeed, type Random } from '#common/testing/random';
import { issueCertificate, registeredCustomer } from './cabinet-kit';
import { sandboxWalletToken } from '../integrations/acquirer/sandbox-acquirer';
import { customerWithBonuses, POINT } from './payments-kit';
import { assertLedgerInvariants } from './ledger-invariants';
import { loginAs } from './login';
import { contractEndpoints } from './contract-endpoints';
import {
  rawCases,
  refusedBySchemas,
  seedOf,
  shuffled,
  toJson,
  unauthenticatedCases,
  urlOf,
  validInput,
  variantCases,
  type Case,
  type FuzzEndpoint,
  type Input,
} from './fuzz-cases';
import { surrogateCases } from './fuzz-surrogates';
import { createTestApp, type TestApp } from './test-app';
import { ValuePool } from './zod-samples';
import { REMOVE } from './zod-variants';

/**
 * Generated requests for every endpoint of the contract (issue 8, "Bad input"; docs/design/security.md: "bad input
 * gets a 4xx with a clear message, never a 500"). The endpoints are found at run time: every value exported by
 * a module of common/contract that looks like an endpoint, so a new endpoint is fuzzed without touching this
 * file. For each: valid requests generated from its zod schemas, boundary values of each field, invalid ones
 * (wrong types, missing and extra fields, malformed JSON, wrong content type, oversized bodies, bad path
 * params), a lone UTF-16 surrogate in every string and key of every part (fuzz-surrogates.ts, all of them sent),
 * authenticated and not. Every answer must be below 500; a 4xx carries a JSON `message`; a 2xx
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
/** An endpoint's few hundred requests; a login hashes with argon2 and the content import replaces everything. */
const ENDPOINT_TIMEOUT = 120_000;
const CUSTOMER_PHONE = '79990001122';

/**
 * Endpoints left out, each with the reason and where its input is tested instead. The app under fuzz runs on
 * the real clock, so the DEV_CLOCK handle is not even registered there; moving a clock shared by every other
 * endpoint's cases (tokens, holds, sending dates) by a random year would make their answers meaningless.
 */
const NOT_FUZZED: Record<string, string> = {
  'POST /api/dev/clock': 'DEV_CLOCK only; bad input tested in server/features/dev/dev-clock.test.ts',
};

/** The contract's endpoints as the fuzz sends them: all but NOT_FUZZED, with FUZZ_BODY's bodies. */
async function fuzzedEndpoints(): Promise<FuzzEndpoint[]> {
  const found: FuzzEndpoint[] = [];
  for (const [key, value] of await contractEndpoints()) {
    if (key in NOT_FUZZED) continue;
    const body = FUZZ_BODY[key];
    found.push({
      key,
      method: value.method,
      path: value.path,
      auth: value.auth,
      schemas: body ? { ...value.schemas, body } : value.schemas,
    });
  }
  // The operator's endpoints run last: a valid PUT replaces the brand's settings and content, which would
  // change what the earlier endpoints see.
  return [...found.filter((e) => e.auth !== 'operator'), ...found.filter((e) => e.auth === 'operator')];
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

const endpoints = await fuzzedEndpoints();

// ---------------------------------------------------------------------------------------------------------
// The run.

let t: TestApp;
let customerToken: string;
const pool = new ValuePool();
const counts = { valid: 0, boundary: 0, invalid: 0, unauthenticated: 0, surrogate: 0, total: 0 };
/** `FUZZ_REPORT=1`: the answers' statuses per endpoint and kind, to see how deep the valid cases reach. */
const statuses = new Map<string, Record<string, number>>();
let sessionPhone = 79_950_000_000;

beforeAll(async () => {
  // Requests come from many addresses: with the public development secret, customer tokens would be this
  // machine's only (decision 049), so the fuzz runs with a secret of its own.
  t = await createTestApp({
    config: {
      operatorToken: OPERATOR_TOKEN,
      authSecret: 'contract-fuzz-own-auth-secret-0123456789',
      authSecretIsDefault: false,
    },
  });
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
  // A receipt whose lines add up to its sum (a refine across fields): the till's payment receipt requires one.
  pool.pin('items', [{ name: 'Хлеб', quantity: 1, price: 1, sum: 1 }]);
  pool.pin('sum', 1);
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
    it(
      `${endpoint.key} (${endpoint.auth})`,
      async () => {
        const random = seededRandom(seedOf(SEED, endpoint.key));
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
          ...surrogateCases(endpoint, base, random, pool),
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
      },
      ENDPOINT_TIMEOUT,
    );
  }

  it('leaves the ledger consistent', async () => {
    await assertLedgerInvariants(t.deps.db);
  });
});
