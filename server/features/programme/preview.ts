import { eq } from 'drizzle-orm';
import { earnFor } from '#server/core/earn/earn';
import { toKopecks, toRoubles } from '#server/core/money';
import { retailPoints } from '#server/db/schema/content';
import { notFound } from '#server/errors';
import type { ProgrammeDeps } from './campaigns';

/**
 * The operator's preview: what a cheque paid in money at a point and a moment would earn, through the same
 * earn path every accrual takes (nothing is written).
 */
export async function previewEarn(
  deps: ProgrammeDeps,
  body: { retailPointId: number; sum: number; at?: string | undefined },
) {
  const [point] = await deps.db.select().from(retailPoints).where(eq(retailPoints.id, body.retailPointId));
  if (!point) throw notFound('Точка не найдена');
  const at = body.at ? new Date(body.at) : deps.clock.now();
  const cheque = toKopecks(body.sum);
  const { earn, rules } = await earnFor(deps, { cheque, earnable: cheque, point, at });
  return { earn: toRoubles(earn), rules, at: at.toISOString() };
}
