import type { z } from 'zod';
import type { Random } from '#common/testing/random';
import { DIGITS, LATIN, stringMatching } from './zod-regex';

/**
 * Values generated from a zod 4 schema's shape (`schema._zod.def`), for the contract fuzz test: valid samples,
 * boundary values of each field and invalid variants. Seeded, so every case reproduces. It knows the parts of
 * zod the contract uses (objects, strings with length, regex and format checks, numbers with bounds, enums,
 * literals, unions, arrays, optional, nullable, default, pipes); refinements it cannot see are met by
 * retrying (`validSample`) and by the hints below.
 */

export type Schema = z.ZodType;
// zod's internal definition: read loosely, since the shapes differ by type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Def = Record<string, any>;
export type Path = (string | number)[];

export const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: Schema): Def[] =>
  ((defOf(schema).checks as { _zod: { def: Def } }[] | undefined) ?? []).map((c) => c._zod.def);

/** Values seen in answers and given by the test (a real draft id, the customer's phone), by field name. */
export class ValuePool {
  private readonly byKey = new Map<string, unknown[]>();
  private readonly pinned = new Map<string, unknown[]>();

  /** A value the test gives (the customer's own phone, a real point): drawn more often than harvested ones. */
  pin(key: string, value: unknown) {
    this.pinned.set(key, [...(this.pinned.get(key) ?? []), value]);
  }

  add(key: string, value: unknown) {
    const list = this.byKey.get(key) ?? [];
    if (!list.some((v) => v === value)) list.push(value);
    if (list.length > 50) list.shift();
    this.byKey.set(key, list);
  }

  /** Collects every short string and number of an answer under its field name. */
  harvest(value: unknown, key = '') {
    if (Array.isArray(value)) for (const item of value) this.harvest(item, key);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) this.harvest(v, k);
    } else if ((typeof value === 'string' && value.length <= 200) || typeof value === 'number') {
      if (key) this.add(key, value);
    }
  }

  /** Known values for a field that its schema accepts: the pinned ones, then the harvested ones. */
  candidates(key: string | undefined, leaf: Schema): { pinned: unknown[]; harvested: unknown[] } {
    const valid = (list: unknown[] | undefined) => (list ?? []).filter((v) => leaf.safeParse(v).success);
    return key ? { pinned: valid(this.pinned.get(key)), harvested: valid(this.byKey.get(key)) } : NONE;
  }
}

const NONE = { pinned: [], harvested: [] };

/** Field-name hints for refinements the shape does not show (checkEmail, checkPhone, checkDate). */
function hinted(key: string | undefined, random: Random): string | undefined {
  if (!key) return undefined;
  if (/email/i.test(key)) return `user${random.int(1, 9999)}@example.com`;
  if (key === 'phone' && random.chance(0.5))
    return `+7 (9${random.string(2, DIGITS)}) ${random.string(3, DIGITS)}-${random.string(2, DIGITS)}-${random.string(2, DIGITS)}`;
  // A console look-up (`q`): the gift-card lookup takes a link's 22 characters or 4 to 16 digits (a refinement).
  if (key === 'q' && random.chance(0.8)) return random.string(random.int(4, 16), DIGITS);
  // The brand's links (https:// or a path of the site: common/contract/link.ts), which no format names.
  if (/^(url|link|sosLink|bonusTermsURL|webShop|oferta|googleplay|appstore|appLink)$/.test(key))
    return random.chance(0.8) ? `https://example.com/${random.string(random.int(0, 12), LATIN)}` : '/about';
  // An invoice's bank payment (decision 053): its number (a \p{L} regex) and a real day.
  if (key === 'paymentNumber') return random.string(random.int(1, 10), DIGITS);
  if (key === 'paymentDate')
    return `${random.int(2020, 2026)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  if (/birthdate/i.test(key))
    return `${String(random.int(1, 28)).padStart(2, '0')}.${String(random.int(1, 12)).padStart(2, '0')}.${random.int(1930, 2005)}`;
  return undefined;
}

const TEXT = `${LATIN}${DIGITS}абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВ -_.,`;

/** The schema under optional, nullable, default, readonly and the input side of a pipe. */
export function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
    return unwrap(def.innerType as Schema);
  if (def.type === 'pipe') return unwrap(def.in as Schema);
  return schema;
}

/** Whether the field may be left out of its object (optional, or a default fills it). */
export function omittable(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if (def.type === 'nullable' || def.type === 'readonly') return omittable(def.innerType as Schema);
  if (def.type === 'pipe') return omittable(def.in as Schema);
  return false;
}

export function acceptsNull(schema: Schema): boolean {
  return schema.safeParse(null).success;
}

interface StringBounds {
  min: number;
  max: number;
  format?: string;
  pattern?: RegExp;
}

export function stringBounds(schema: Schema): StringBounds {
  const def = defOf(schema);
  const bounds: StringBounds = { min: 0, max: Infinity };
  if (def.format) bounds.format = def.format;
  if (def.pattern instanceof RegExp) bounds.pattern = def.pattern;
  for (const c of checksOf(schema)) {
    if (c.check === 'min_length') bounds.min = Math.max(bounds.min, c.minimum);
    if (c.check === 'max_length') bounds.max = Math.min(bounds.max, c.maximum);
    if (c.check === 'length_equals') bounds.min = bounds.max = c.length;
    if (c.check === 'string_format') {
      bounds.format = c.format;
      if (c.pattern instanceof RegExp) bounds.pattern = c.pattern;
    }
  }
  return bounds;
}

interface NumberBounds {
  min: number;
  max: number;
  int: boolean;
  exclusiveMin: boolean;
  exclusiveMax: boolean;
}

export function numberBounds(schema: Schema): NumberBounds {
  const b: NumberBounds = {
    min: -Infinity,
    max: Infinity,
    int: false,
    exclusiveMin: false,
    exclusiveMax: false,
  };
  for (const c of checksOf(schema)) {
    if (c.check === 'number_format' && /int/.test(c.format)) b.int = true;
    if (c.check === 'greater_than') [b.min, b.exclusiveMin] = [c.value, !c.inclusive];
    if (c.check === 'less_than') [b.max, b.exclusiveMax] = [c.value, !c.inclusive];
  }
  return b;
}

function uuid(random: Random): string {
  const h = (n: number) => random.string(n, '0123456789abcdef');
  return `${h(8)}-${h(4)}-4${h(3)}-${random.pick(['8', '9', 'a', 'b'])}${h(3)}-${h(12)}`;
}

/** A calendar day (yyyy-mm-dd) of 2026's first half for `from`, of its second for `to` (a report's range). */
const REPORT_DAY = /^(19|2\d)\d{2}-\d{2}-\d{2}$/.source;
const reportDay = (key: string | undefined, random: Random) =>
  `2026-${String(key === 'to' ? random.int(7, 12) : random.int(1, 6)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;

function stringOf(bounds: StringBounds, random: Random, key: string | undefined): string {
  if (bounds.pattern?.source === REPORT_DAY && (key === 'from' || key === 'to'))
    return reportDay(key, random);
  const hint = hinted(key, random);
  if (hint !== undefined && hint.length <= bounds.max) return hint;
  switch (bounds.format) {
    case 'uuid':
    case 'guid':
      return uuid(random);
    case 'email':
      return `u${random.int(1, 9999)}@example.com`;
    case 'url':
      return `https://example.com/${random.string(random.int(0, 12), LATIN)}`;
    case 'datetime':
      return new Date(Date.UTC(2030, random.int(0, 11), random.int(1, 28), random.int(0, 23))).toISOString();
  }
  if (bounds.pattern) return stringMatching(bounds.pattern, random);
  const cap = Math.min(bounds.max, bounds.min + 24);
  return random.string(random.int(bounds.min, Math.max(bounds.min, cap)), TEXT);
}

function numberOf(bounds: NumberBounds, random: Random): number {
  const lo = Number.isFinite(bounds.min) ? bounds.min : -1000;
  const hi = Number.isFinite(bounds.max) ? bounds.max : 1_000_000;
  const raw = random.chance(0.5)
    ? random.int(Math.max(lo, 1), Math.min(hi, 10))
    : lo + random.next() * (hi - lo);
  const value = bounds.int ? Math.round(raw) : Math.round(raw * 100) / 100;
  return Math.min(hi, Math.max(lo, value));
}

/**
 * One value shaped like `schema` (usually valid; refinements may refuse it: see validSample). `full`: every
 * optional field given and every array holding an item, so boundary variants reach each nested field.
 */
export function generate(
  schema: Schema,
  random: Random,
  pool: ValuePool,
  key?: string,
  full = false,
): unknown {
  const def = defOf(schema);
  const again = (inner: Schema, k = key) => generate(inner, random, pool, k, full);
  const known = pool.candidates(key, schema);
  if (known.pinned.length > 0 && random.chance(0.6)) return random.pick(known.pinned);
  if (known.harvested.length > 0 && random.chance(0.5)) return random.pick(known.harvested);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return again(def.innerType);
    case 'nullable':
      return !full && random.chance(0.15) ? null : again(def.innerType);
    case 'pipe':
      return again(def.in);
    case 'string':
      return stringOf(stringBounds(schema), random, key);
    case 'number':
      return numberOf(numberBounds(schema), random);
    case 'boolean':
      return random.chance(0.5);
    case 'enum':
      return random.pick(Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return random.pick(def.values as unknown[]);
    case 'null':
      return null;
    case 'union':
      return again(random.pick(def.options as Schema[]));
    case 'array': {
      const bounds = stringBounds(schema);
      const least = full ? Math.min(bounds.max, Math.max(1, bounds.min)) : bounds.min;
      const n = random.int(least, Math.min(bounds.max, least + 3));
      return Array.from({ length: n }, () => again(def.element));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, field] of Object.entries(def.shape as Record<string, Schema>)) {
        if (omittable(field) && !full && random.chance(0.35)) continue;
        out[k] = again(field, k);
      }
      return out;
    }
    case 'record':
      return { [random.string(4, LATIN)]: again(def.valueType, undefined) };
    case 'any':
    case 'unknown':
      return random.pick([{}, [], 'x', 1, true, null]);
    default:
      return undefined;
  }
}

/** A value `schema` accepts, found by generating until one passes; undefined when none did. */
export function validSample(
  schema: Schema,
  random: Random,
  pool: ValuePool,
  full = false,
  tries = 60,
): unknown {
  for (let i = 0; i < tries; i++) {
    const value = generate(schema, random, pool, undefined, full);
    if (schema.safeParse(value).success) return value;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Boundary and invalid variants, field by field.
