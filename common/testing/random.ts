/**
 * A small seeded random source for generated tests (property tests, contract fuzzing). The same seed gives the
 * same cases on every machine, so a failure names its seed and reproduces. Tests only: nothing ships with it.
 */
export interface Random {
  /** The seed this source started from (print it with a failure). */
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A string of `length` characters drawn from `alphabet`. */
  string(length: number, alphabet: string): string;
}

/** mulberry32: tiny, fast and good enough to spread test cases; not for anything secret. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    string(length, alphabet) {
      const chars = Array.from(alphabet);
      let out = '';
      for (let i = 0; i < length; i++) out += chars[int(0, chars.length - 1)]!;
      return out;
    },
  };
}

/** The seed of a generated test: TEST_SEED from the environment when set (to replay a failure), else `fallback`. */
export function testSeed(fallback: number): number {
  const given = typeof process !== 'undefined' ? process.env.TEST_SEED : undefined;
  return given && /^\d+$/.test(given) ? Number(given) : fallback;
}

/**
 * Runs `property` on `runs` cases drawn from one seeded source; a failure names the seed and the case number
 * so `TEST_SEED=<seed>` replays it.
 */
export function forAll<T>(
  runs: number,
  seed: number,
  generate: (random: Random) => T,
  property: (value: T) => void,
): void {
  const random = seededRandom(seed);
  for (let i = 0; i < runs; i++) {
    const value = generate(random);
    try {
      property(value);
    } catch (error) {
      const shown = JSON.stringify(value);
      throw new Error(`case ${i} of seed ${seed} failed for ${shown}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}
