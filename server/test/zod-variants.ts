import type { Random } from '#common/testing/random';
import { stringMatching } from './zod-regex';
import {
  acceptsNull,
  defOf,
  generate,
  numberBounds,
  omittable,
  stringBounds,
  unwrap,
  type Path,
  type Schema,
  type ValuePool,
} from './zod-samples';

/** Edge and invalid variants of a schema's fields, for the contract fuzz test (see zod-samples.ts). */

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
