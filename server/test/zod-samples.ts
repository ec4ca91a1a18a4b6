import type { z } from 'zod';
import type { Random } from '../../common/testing/random';

/**
 * Values generated from a zod 4 schema's shape (`schema._zod.def`), for the contract fuzz test: valid samples,
 * boundary values of each field and invalid variants. Seeded, so every case reproduces. It knows the parts of
 * zod the contract uses (objects, strings with length, regex and format checks, numbers with bounds, enums,
 * literals, unions, arrays, optional, nullable, default, pipes); refinements it cannot see are met by
 * retrying (`validSample`) and by the hints below.
 */

type Schema = z.ZodType;
// zod's internal definition: read loosely, since the shapes differ by type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Def = Record<string, any>;
export type Path = (string | number)[];

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
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
  if (/birthdate/i.test(key))
    return `${String(random.int(1, 28)).padStart(2, '0')}.${String(random.int(1, 12)).padStart(2, '0')}.${random.int(1930, 2005)}`;
  return undefined;
}

const DIGITS = '0123456789';
const LATIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const TEXT = `${LATIN}${DIGITS}абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВ -_.,`;

// ---------------------------------------------------------------------------------------------------------
// Strings matching a regular expression (the subset the contract uses: classes, escapes, groups, alternation,
// quantifiers).

type RegexNode =
  | { kind: 'seq'; items: RegexNode[] }
  | { kind: 'alt'; options: RegexNode[] }
  | { kind: 'chars'; chars: string }
  | { kind: 'repeat'; node: RegexNode; min: number; max: number };

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const ESCAPES: Record<string, string> = {
  d: DIGITS,
  w: `${LATIN}${DIGITS}_`,
  s: ' ',
  D: LATIN,
  W: ' -.',
  S: LATIN,
  n: '\n',
  t: '\t',
};

function parseRegex(source: string): RegexNode {
  let i = 0;
  const parseAlt = (): RegexNode => {
    const options: RegexNode[] = [parseSeq()];
    while (source[i] === '|') {
      i++;
      options.push(parseSeq());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  };
  const parseSeq = (): RegexNode => {
    const items: RegexNode[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      let atom = parseAtom();
      if (!atom) continue;
      atom = parseQuantifier(atom);
      items.push(atom);
    }
    return { kind: 'seq', items };
  };
  const parseAtom = (): RegexNode | null => {
    const c = source[i++]!;
    if (c === '^' || c === '$') return null;
    if (c === '(') {
      if (source[i] === '?') i += 2; // (?: … )
      const inner = parseAlt();
      i++; // ')'
      return inner;
    }
    if (c === '[') return { kind: 'chars', chars: parseClass() };
    if (c === '\\') {
      const e = source[i++]!;
      return { kind: 'chars', chars: ESCAPES[e] ?? e };
    }
    if (c === '.') return { kind: 'chars', chars: LATIN };
    return { kind: 'chars', chars: c };
  };
  const parseClass = (): string => {
    const negated = source[i] === '^';
    if (negated) i++;
    let chars = '';
    while (source[i] !== ']') {
      let c = source[i++]!;
      if (c === '\\') {
        const e = source[i++]!;
        c = ESCAPES[e] ?? e;
        chars += c;
        continue;
      }
      if (source[i] === '-' && source[i + 1] !== ']') {
        const end = source[i + 1] === '\\' ? source[i + 2]! : source[i + 1]!;
        i += source[i + 1] === '\\' ? 3 : 2;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++)
          chars += String.fromCharCode(code);
      } else chars += c;
    }
    i++; // ']'
    return negated
      ? Array.from(PRINTABLE.replace(/\s/g, ''))
          .filter((ch) => !chars.includes(ch))
          .join('')
      : chars;
  };
  const parseQuantifier = (node: RegexNode): RegexNode => {
    const c = source[i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      i++;
      [min, max] = c === '*' ? [0, 6] : c === '+' ? [1, 6] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) return node;
      i += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : min + 6;
    } else return node;
    if (source[i] === '?') i++;
    return { kind: 'repeat', node, min, max };
  };
  return parseAlt();
}

/** A string matching `pattern`; `mode` takes the fewest or most repetitions (boundary lengths). */
export function stringMatching(pattern: RegExp, random: Random, mode: 'random' | 'min' | 'max' = 'random') {
  const walk = (node: RegexNode): string => {
    switch (node.kind) {
      case 'seq':
        return node.items.map(walk).join('');
      case 'alt':
        return walk(random.pick(node.options));
      case 'chars':
        return random.string(1, node.chars);
      case 'repeat': {
        const n = mode === 'min' ? node.min : mode === 'max' ? node.max : random.int(node.min, node.max);
        let out = '';
        for (let k = 0; k < n; k++) out += walk(node.node);
        return out;
      }
    }
  };
  return walk(parseRegex(pattern.source));
}

// ---------------------------------------------------------------------------------------------------------
// Reading a schema.

/** The schema under optional, nullable, default, readonly and the input side of a pipe. */
export function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
    return unwrap(def.innerType as Schema);
  if (def.type === 'pipe') return unwrap(def.in as Schema);
  return schema;
}

/** Whether the field may be left out of its object (optional, or a default fills it). */
function omittable(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if (def.type === 'nullable' || def.type === 'readonly') return omittable(def.innerType as Schema);
  if (def.type === 'pipe') return omittable(def.in as Schema);
  return false;
}

function acceptsNull(schema: Schema): boolean {
  return schema.safeParse(null).success;
}

interface StringBounds {
  min: number;
  max: number;
  format?: string;
  pattern?: RegExp;
}

function stringBounds(schema: Schema): StringBounds {
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

function numberBounds(schema: Schema): NumberBounds {
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

function stringOf(bounds: StringBounds, random: Random, key: string | undefined): string {
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

export interface Leaf {
  path: Path;
  schema: Schema;
  /** May be left out. */
  omittable: boolean;
}

/** The fields of an object schema, nested objects and the first element of arrays included. */
export function leavesOf(schema: Schema, path: Path = [], isOmittable = false): Leaf[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const here: Leaf = { path, schema, omittable: isOmittable };
  if (def.type === 'object') {
    const nested = Object.entries(def.shape as Record<string, Schema>).flatMap(([k, field]) =>
      leavesOf(field, [...path, k], omittable(field)),
    );
    return path.length === 0 ? nested : [here, ...nested];
  }
  if (def.type === 'array') return [here, ...leavesOf(def.element, [...path, 0], false)];
  return [here];
}

export const REMOVE = Symbol('remove');

/** A copy of `base` with the value at `path` replaced (or removed with REMOVE); missing parents are made. */
export function withValue(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(base)
    ? [...base]
    : base && typeof base === 'object'
      ? { ...(base as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const record = container as Record<string | number, unknown>;
  const next = withValue(record[head], rest, value);
  if (next === REMOVE) {
    if (Array.isArray(container)) container.splice(head as number, 1);
    else delete record[head];
  } else record[head] = next;
  return container;
}

export interface Variant {
  label: string;
  path: Path;
  value: unknown;
}

const UNICODE = ['é', 'ё', '😀', '𝔘', '\u202e', '\u200b', '中', 'İ'];
const NASTY = [
  '\u0000',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\\',
  '${x}',
  ' ',
];

/** Edge values of one field: empty, shortest, longest, one past, unicode, huge numbers, 3 decimals… */
export function boundaryValues(leaf: Leaf, random: Random, pool: ValuePool): Variant[] {
  const { path } = leaf;
  const inner = unwrap(leaf.schema);
  const def = defOf(inner);
  const out: Variant[] = [];
  const add = (label: string, value: unknown) =>
    out.push({ label: `${path.join('.') || 'value'}: ${label}`, path, value });
  if (leaf.omittable) add('left out', REMOVE);
  if (acceptsNull(leaf.schema)) add('null', null);
  switch (def.type) {
    case 'string': {
      const b = stringBounds(inner);
      const fill = (n: number) => (b.pattern ? '' : 'a'.repeat(Math.max(0, n)));
      add('empty', '');
      add('spaces', '   ');
      if (b.pattern) {
        add('shortest match', stringMatching(b.pattern, random, 'min'));
        add('longest match', stringMatching(b.pattern, random, 'max'));
        add('match + 1 char', stringMatching(b.pattern, random) + '0');
      }
      if (b.min > 0 && !b.pattern) {
        add(`min-1 (${b.min - 1})`, fill(b.min - 1));
        add(`min (${b.min})`, fill(b.min));
      }
      if (Number.isFinite(b.max)) {
        const base = String(generate(inner, random, pool, String(path.at(-1))));
        add(`max (${b.max})`, b.pattern || b.format ? base : fill(b.max));
        add(
          `max+1 (${b.max + 1})`,
          b.pattern || b.format ? base + 'a'.repeat(b.max + 1 - base.length) : fill(b.max + 1),
        );
        add('max in 2-unit chars', '😀'.repeat(Math.ceil(b.max / 2)));
      }
      add('very long (100 000)', 'я'.repeat(100_000));
      for (const u of UNICODE) add(`unicode ${JSON.stringify(u)}`, u.repeat(3));
      for (const n of NASTY) add(`text ${JSON.stringify(n)}`, n);
      if (/date|valid(From|To)/i.test(String(path.at(-1)))) {
        for (const d of [
          '-100000-01-01T00:00:00Z',
          '+275760-09-13T00:00:00.000Z',
          '0000-01-01',
          '2024-02-30',
        ])
          add(`date ${d}`, d);
      }
      add('padded', ` ${String(generate(inner, random, pool, String(path.at(-1))))} `);
      add('upper case', String(generate(inner, random, pool, String(path.at(-1)))).toUpperCase());
      break;
    }
    case 'number': {
      const b = numberBounds(inner);
      for (const v of [
        0,
        -0,
        -1,
        1,
        0.01,
        0.001,
        1.005,
        0.1 + 0.2,
        99.99,
        1e21,
        -1e308,
        1e308,
        2 ** 31,
        2 ** 53 + 2,
      ])
        add(String(v), v);
      if (Number.isFinite(b.min)) {
        add('min', b.min);
        add('below min', b.min - (b.int ? 1 : 0.01));
      }
      if (Number.isFinite(b.max)) {
        add('max', b.max);
        add('above max', b.max + (b.int ? 1 : 0.01));
        add('max with 3 decimals', b.max - 0.001);
      }
      add('numeric string', '1');
      add('numeric string with spaces', ' 2 ');
      add('hex string', '0x10');
      add('exponent string', '1e3');
      break;
    }
    case 'boolean':
      for (const v of [true, false, 'true', 'false', 0, 1]) add(JSON.stringify(v), v);
      break;
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : def.values;
      for (const v of values as unknown[]) {
        add(`value ${JSON.stringify(v)}`, v);
        if (typeof v === 'string') add(`lower-case ${JSON.stringify(v)}`, v.toLowerCase());
      }
      break;
    }
    case 'array': {
      const b = stringBounds(inner);
      const item = () => generate(def.element, random, pool, String(path.at(-1)));
      add('empty array', []);
      if (Number.isFinite(b.max)) {
        add(`max items (${b.max})`, Array.from({ length: b.max }, item));
        add(`max+1 items (${b.max + 1})`, Array.from({ length: b.max + 1 }, item));
      }
      add(
        'duplicate items',
        [item(), item()].flatMap((v) => [v, v]),
      );
      break;
    }
    case 'object':
      add('empty object', {});
      break;
  }
  return out;
}

/** Wrong types, nulls, left-out required fields and extra fields, one field at a time. */
export function invalidValues(leaf: Leaf): Variant[] {
  const { path } = leaf;
  const inner = unwrap(leaf.schema);
  const type = defOf(inner).type as string;
  const out: Variant[] = [];
  const name = path.join('.') || 'value';
  const add = (label: string, value: unknown) => out.push({ label: `${name}: ${label}`, path, value });
  if (!leaf.omittable && path.length > 0) add('missing', REMOVE);
  if (!acceptsNull(leaf.schema)) add('null', null);
  const wrong: Record<string, unknown[]> = {
    string: [123, true, ['a'], { a: 1 }],
    number: ['abc', true, [1], { n: 1 }, '', 'NaN', 'Infinity'],
    boolean: ['yes', 2, [], {}],
    enum: [42, 'NOT_A_VALUE', []],
    literal: [42, 'not-it', {}],
    array: ['a', 1, { 0: 'a' }],
    object: ['a', 1, [], true],
    union: [{ x: 1 }, [[]]],
  };
  for (const v of wrong[type] ?? [{ unexpected: true }]) add(`wrong type ${JSON.stringify(v)}`, v);
  if (type === 'object') {
    out.push({ label: `${name}: extra field`, path: [...path, 'unexpectedField'], value: 'x' });
  }
  return out;
}
