import type { z } from 'zod';
import { AppError } from '../errors';

/** Validates what an operator or a client sent; a 400 names the first bad field, e.g. `points.3.title: …`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, refused: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new AppError('VALIDATION', `${refused}: ${first?.path.join('.')}: ${first?.message}`);
}
