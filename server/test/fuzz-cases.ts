import type { z } from 'zod';
import { isWellFormedText } from '#common/lib/validation';
import type { EndpointAuth, EndpointSchemas, HttpMethod } from '#common/contract/endpoint';
import type { Random } from '#common/testing/random';
import { encodeUrlText } from './fuzz-surrogates';
import { validSample, type Path, type ValuePool } from './zod-samples';
import { boundaryValues, invalidValues, leavesOf, REMOVE, withValue } from './zod-variants';

// The requests the contract fuzz (contract-fuzz.test.ts) sends to an endpoint: valid ones generated from its
// zod schemas, boundary values of each field, invalid ones (wrong types, missing and extra fields), raw bodies
// that are not its JSON at all, and unauthenticated calls; and how each travels (URL, params, query).

export interface FuzzEndpoint {
  key: string;
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  schemas: EndpointSchemas;
}

// Requests.

export type Part = 'params' | 'query' | 'body';
export const PARTS: Part[] = ['params', 'query', 'body'];

export interface Input {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export interface Case {
  kind: 'valid' | 'boundary' | 'invalid' | 'unauthenticated' | 'surrogate';
  label: string;
  input: Input;
  /** A body sent as is instead of `input.body` (malformed JSON, another content type, oversized). */
  raw?: { payload: string | Buffer; contentType?: string; refused: boolean };
  /** The Authorization header; undefined: the endpoint's own (a token for customer and operator endpoints). */
  authorization?: string | null;
}

/** A number written into JSON as is (1e400 parses to Infinity, which JSON.stringify cannot write). */
export class RawNumber {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawNumber) return `__raw_${raws.push(v.text) - 1}__`;
    return v;
  });
  return (text ?? '').replace(/"__raw_(\d+)__"/g, (_, i: string) => raws[Number(i)]!);
}

/** Path params and query values travel as text: what the route's schema is given. */
export function asText(value: unknown): string | string[] | undefined {
  if (value === undefined || value === REMOVE) return undefined;
  if (Array.isArray(value)) return value.map((v) => String(asText(v) ?? ''));
  if (value instanceof RawNumber) return value.text;
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Query values as the route receives them: a repeated key is a list, a single one a string. */
export function textRecord(value: unknown): Record<string, string | string[]> | undefined {
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
export function paramRecord(endpoint: FuzzEndpoint, value: unknown): Record<string, string> {
  const given = textRecord(value) ?? {};
  const out: Record<string, string> = {};
  for (const [, name] of endpoint.path.matchAll(/:(\w+)/g)) {
    const v = given[name!];
    out[name!] = Array.isArray(v) ? v.join(',') : (v ?? '');
  }
  return out;
}

export function urlOf(endpoint: FuzzEndpoint, input: Input): string {
  const params = paramRecord(endpoint, input.params);
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeUrlText(params[name] ?? ''));
  const query = new URLSearchParams();
  const lone: string[] = []; // pairs with a lone surrogate, which URLSearchParams would turn into U+FFFD
  for (const [k, v] of Object.entries(textRecord(input.query) ?? {})) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (isWellFormedText(k) && isWellFormedText(item)) query.append(k, item);
      else lone.push(`${encodeUrlText(k)}=${encodeUrlText(item)}`);
    }
  }
  const qs = [query.toString(), ...lone].filter(Boolean).join('&');
  return qs ? `${path}?${qs}` : path;
}

/** Whether the endpoint's own schemas refuse this input (then the answer must be a 4xx). */
export function refusedBySchemas(endpoint: FuzzEndpoint, c: Case): boolean {
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

// Cases.

/** A per-endpoint seed from the run's: each endpoint's cases replay alike whatever runs before it. */
export function seedOf(seed: number, key: string): number {
  let h = seed >>> 0;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

export function shuffled<T>(items: T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function validInput(
  endpoint: FuzzEndpoint,
  random: Random,
  pool: ValuePool,
  full = false,
): Input | string {
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

export const NUMBER_TEXTS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0.0',
  '1.0000000000000002',
  '123456789012345678901234567890',
];

export function variantCases(endpoint: FuzzEndpoint, base: Input, random: Random, pool: ValuePool) {
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

export function leafType(schema: z.ZodType): string {
  const def = (
    schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } } }
  )._zod.def;
  if (def.innerType) return leafType(def.innerType);
  if (def.in) return leafType(def.in);
  return def.type;
}

/** Bodies the framework reads (as JSON, or text/plain as a string): refused only by an endpoint's body schema. */
export const WELL_FORMED = new Set([
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
export function rawCases(endpoint: FuzzEndpoint, base: Input): Case[] {
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

export function unauthenticatedCases(base: Input): Case[] {
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
