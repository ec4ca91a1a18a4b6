import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph } from './import-cycles.mjs';

describe('the import-loop check', () => {
  it('finds a loop of two and of three, and nothing in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual(
      expect.arrayContaining([
        ['a', 'b'],
        ['c', 'd', 'e'],
      ]),
    );
    expect(cyclesOf(graph)).toHaveLength(2);
    expect(
      cyclesOf(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds no run-time loop in the source', () => {
    expect(cyclesOf(importGraph()).length).toBe(0);
  });
});
