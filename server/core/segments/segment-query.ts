import { sql, type SQL } from 'drizzle-orm';
import type { SegmentDefinition } from '#common/contract/segment-definition';
import { readBrandSettings } from '#server/core/brand-settings';
import type { Db } from '#server/db/client';
import { conditionSql, type SegmentContext } from './condition-sql';
import type { PurchaseConditions } from './sql-parts';

export type { SegmentContext } from './condition-sql';
export { segmentDefinitionSchema, type SegmentDefinition } from '#common/contract/segment-definition';

/**
 * A member, for segments: a registered account not deleted (decision 075). The message sender reads the same
 * set: a segment never reaches a half-registered phone or a deleted account.
 */
const MEMBER = sql`u.registered_at is not null and u.deleted_at is null`;

/** The definition as one predicate on `u` (users): its conditions and groups joined by and / or. */
function definitionSql(
  definition: SegmentDefinition,
  ctx: SegmentContext,
  purchases?: PurchaseConditions,
): SQL {
  const parts = definition.conditions.map((node) =>
    node.field === 'group'
      ? joined(
          node.match,
          node.conditions.map((c) => conditionSql(c, ctx, purchases)),
        )
      : conditionSql(node, ctx, purchases),
  );
  return joined(definition.match, parts);
}

function joined(match: 'all' | 'any', parts: SQL[]): SQL {
  if (parts.length === 0) return sql`true`;
  return sql`(${sql.join(
    parts.map((part) => sql`(${part})`),
    match === 'all' ? sql` and ` : sql` or `,
  )})`;
}

/**
 * The ids (`users.id`) of the members in the segment, as a query to use as a subquery:
 * `where user_id in (${segmentMemberIdsQuery(definition, ctx)})`. The definition must have passed
 * `segmentDefinitionSchema` and, for what it names (levels, points, categories), `checkSegmentReferences`.
 */
export function segmentMemberIdsQuery(definition: SegmentDefinition, ctx: SegmentContext): SQL {
  return sql`select u.id from users u where ${MEMBER} and ${definitionSql(definition, ctx)}`;
}

/** The context a segment is evaluated in: `now`, and the brand's time zone and levels from its settings. */
export async function segmentContext(db: Db, now: Date): Promise<SegmentContext> {
  const settings = await readBrandSettings(db);
  return { now, timeZone: settings.timeZone, levels: settings.levels };
}

/**
 * How many members the segment holds now. `purchases` is for the property test and the bench: the reference
 * (decision 075's reading of every purchase) instead of the rollup.
 */
export async function countSegment(
  db: Db,
  definition: SegmentDefinition,
  ctx: SegmentContext,
  purchases?: PurchaseConditions,
): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from users u where ${MEMBER} and ${definitionSql(definition, ctx, purchases)}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
