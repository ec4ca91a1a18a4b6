import type { ScaleContext } from './context';

/** One measured figure: lower is better; `unit` says per what. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  detail: string;
}

/** A probe measures one or more figures on one scale database; run on each, alternating, rounds kept. */
export interface Probe {
  id: string;
  /** Jobs change what they measure (they post): one round each. */
  once?: boolean;
  run(ctx: ScaleContext): Promise<Figure[]>;
}

export async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

/** A job's time over the rows it handled: what should stay flat as the members grow. */
export const perRow = (figure: string, took: number, rows: number): Figure => ({
  figure,
  value: rows ? took / rows : took,
  unit: rows ? 'ms per due row' : 'ms (nothing due)',
  detail: `${rows} due rows in ${(took / 1000).toFixed(1)} s`,
});
