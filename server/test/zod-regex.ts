import type { Random } from '#common/testing/random';

export const DIGITS = '0123456789';
export const LATIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

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
