import { isWellFormedText } from '#common/lib/validation';
import type { Random } from '#common/testing/random';
import type { Case, FuzzEndpoint, Input, Part } from './fuzz-cases';
import { generate, type ValuePool } from './zod-samples';
import { leavesOf, withValue } from './zod-variants';

// A lone UTF-16 surrogate in every string position of every endpoint (issue 26 item 7, decision 050): each is
// sent, not a sample, since 51 of them answered 500 before. In a body it travels as JSON's "\ud800"; in a path or
// a query as its three bytes (%ED%A0%80), which are not UTF-8, since a URL cannot carry it otherwise.

const PARTS: Part[] = ['params', 'query', 'body'];

function typeOf(schema: unknown): string {
  const def = (schema as { _zod: { def: { type: string; innerType?: unknown; in?: unknown } } })._zod.def;
  if (def.innerType) return typeOf(def.innerType);
  if (def.in) return typeOf(def.in);
  return def.type;
}

/** A valid value with its last unit replaced by a lone surrogate: it breaks no other rule (length, required). */
function withLoneSurrogate(valid: unknown, high: boolean): string {
  const text = typeof valid === 'string' ? valid : '';
  return Array.from(text).slice(0, -1).join('') + (high ? '\ud800' : '\udc00');
}

export function surrogateCases(endpoint: FuzzEndpoint, base: Input, random: Random, pool: ValuePool): Case[] {
  const cases: Case[] = [];
  for (const part of PARTS) {
    const schema = endpoint.schemas[part];
    if (!schema) continue;
    const at = (path: (string | number)[], value: unknown): Input => ({
      ...base,
      [part]: withValue(base[part] ?? {}, path, value),
    });
    leavesOf(schema)
      .filter((leaf) => typeOf(leaf.schema) === 'string')
      .forEach((leaf, i) => {
        const valid = generate(leaf.schema, random, pool, String(leaf.path.at(-1)));
        cases.push({
          kind: 'surrogate',
          label: `${part}.${leaf.path.join('.')}: a lone surrogate`,
          input: at(leaf.path, withLoneSurrogate(valid, i % 2 === 0)),
        });
      });
    if (part !== 'params') {
      cases.push({ kind: 'surrogate', label: `${part}: a lone surrogate key`, input: at(['k\ud800'], 'x') });
    }
  }
  return cases;
}

/**
 * encodeURIComponent, but for a lone surrogate (which it throws on): its bytes as if it were a character, which
 * are not UTF-8, so the server sees the text it must refuse.
 */
export function encodeUrlText(text: string): string {
  if (isWellFormedText(text)) return encodeURIComponent(text);
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (piece) => {
    if (piece.length !== 1 || piece < '\ud800' || piece > '\udfff') return encodeURIComponent(piece);
    const unit = piece.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });
}
