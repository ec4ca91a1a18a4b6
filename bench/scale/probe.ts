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
