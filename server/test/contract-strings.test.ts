import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contentFileSchema } from '#common/contract/operator';
import { contractEndpoints } from './contract-endpoints';
import { defOf, stringBounds, type Schema } from './zod-samples';

/**
 * Every text an endpoint takes refuses a lone UTF-16 surrogate (issue 26 item 7, decision 050): the contract
 * declares its strings through common/contract/z.ts, and this walks every endpoint's params, query and body
 * (and the content file the import checks) to every string, through objects, lists, unions, records' keys and
 * wrappers, so a string declared some other way fails here by its path.
 */

const LONE = '\ud800';

/** The children of a schema node, each with the step of the path that leads to it. */
function childrenOf(schema: Schema): [string, Schema][] {
  const def = defOf(schema);
  const out: [string, Schema][] = [];
  const add = (step: string, child: unknown) => {
    if (child) out.push([step, child as Schema]);
  };
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) add(key, field);
      add('(other keys)', def.catchall);
      break;
    case 'array':
    case 'set':
      add('[]', def.element ?? def.valueType);
      break;
    case 'union':
      (def.options as Schema[]).forEach((option, i) => add(`(option ${i})`, option));
      break;
    case 'intersection':
      add('(left)', def.left);
      add('(right)', def.right);
      break;
    case 'record':
    case 'map':
      add('(key)', def.keyType);
      add('(value)', def.valueType);
      break;
    case 'tuple':
      (def.items as Schema[]).forEach((item, i) => add(`[${i}]`, item));
      add('[rest]', def.rest);
      break;
    case 'pipe':
      add('', def.in);
      break;
    case 'lazy':
      add('', (def.getter as () => Schema)());
      break;
    default:
      add('', def.innerType);
  }
  return out;
}

/** The paths of the strings under `schema` that take a lone surrogate. */
function stringsTakingLoneSurrogate(schema: Schema, path: string, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'string') {
    const bounds = stringBounds(schema);
    const value = 'a'.repeat(Math.max(0, bounds.min - 1)) + LONE;
    return (schema as z.ZodType).safeParse(value).success ? [path] : [];
  }
  return childrenOf(schema).flatMap(([step, child]) =>
    stringsTakingLoneSurrogate(child, step ? `${path}.${step}` : path, seen),
  );
}

describe("the contract's strings", () => {
  it('every string of every endpoint refuses a lone surrogate', async () => {
    const open: string[] = [];
    for (const [key, endpoint] of await contractEndpoints()) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint.schemas[part];
        if (schema) open.push(...stringsTakingLoneSurrogate(schema as Schema, `${key} ${part}`));
      }
    }
    open.push(...stringsTakingLoneSurrogate(contentFileSchema as Schema, 'content file'));
    expect(open).toEqual([]);
  });

  it('a string keeps taking every other text, a pair of surrogates (an emoji) included', async () => {
    const { string } = await import('#common/contract/z');
    expect(string().safeParse('ёлка 😀 𝔘 中').success).toBe(true);
    expect(string().safeParse(`a${LONE}`).success).toBe(false);
    expect(string().safeParse('\udc00a').success).toBe(false);
    expect(string().safeParse('😀'.slice(0, 1)).success).toBe(false);
  });
});
