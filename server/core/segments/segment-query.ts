import { sql, type SQL } from 'drizzle-orm';
import type { SegmentDefinition } from '#common/contract/segment-definition';
import { readBrandSettings } from '#server/core/brand-settings';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { conditionSql, type SegmentContext } from './condition-sql';
import { rollupPurchases } from './purchases-rollup';
import type { PurchaseConditions, QueryParts } from './sql-parts';

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
  purchases: PurchaseConditions,
  parts: QueryParts,
): SQL {
  const predicates = definition.conditions.map((node) =>
    node.field === 'group'
      ? joined(
          node.match,
          node.conditions.map((c) => conditionSql(c, ctx, purchases, parts)),
        )
      : conditionSql(node, ctx, purchases, parts),
  );
  return joined(definition.match, predicates);
}

function joined(match: 'all' | 'any', parts: SQL[]): SQL {
  if (parts.length === 0) return sql`true`;
  return sql`(${sql.join(
    parts.map((part) => sql`(${part})`),
    match === 'all' ? sql` and ` : sql` or `,
  )})`;
}

const PURCHASE_FIELDS = new Set(['level', 'daysSinceLastPurchase', 'purchaseCount', 'purchaseSum']);
const readsPurchases = (definition: SegmentDefinition) =>
  definition.conditions.some((node) =>
    node.field === 'group'
      ? node.conditions.some((c) => PURCHASE_FIELDS.has(c.field))
      : PURCHASE_FIELDS.has(node.field),
  );

/**
 * `from … where …` of the segment's members: `users u` and, when a purchase condition reads it, each one's rollup
 * row `s` (decision 082), joined once, with what the conditions join (the periods' edges), so any number of
 * purchase conditions, with and or or, are hash joins and plain predicates, never a subquery per member.
 */
function membersWhere(
  definition: SegmentDefinition,
  ctx: SegmentContext,
  purchases: PurchaseConditions,
): SQL {
  const parts: QueryParts = { joins: [], statsColumns: [] };
  const predicate = definitionSql(definition, ctx, purchases, parts);
  const columns = [sql`user_id`, sql`last_purchase_at`, ...parts.statsColumns];
  const stats =
    purchases.joinsStats && readsPurchases(definition)
      ? sql` left join (select ${sql.join(columns, sql`, `)} from member_purchase_stats s) s on s.user_id = u.id`
      : sql``;
  return sql`from users u${stats} ${sql.join(parts.joins, sql` `)} where ${MEMBER} and ${predicate}`;
}

/**
 * The ids (`users.id`) of the members in the segment, as a query to use as a subquery:
 * `where user_id in (${segmentMemberIdsQuery(definition, ctx)})`. The definition must have passed
 * `segmentDefinitionSchema` and, for what it names (levels, points, categories), `checkSegmentReferences`.
 */
export function segmentMemberIdsQuery(
  definition: SegmentDefinition,
  ctx: SegmentContext,
  purchases: PurchaseConditions = rollupPurchases,
): SQL {
  return sql`select u.id ${membersWhere(definition, ctx, purchases)}`;
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
  purchases: PurchaseConditions = rollupPurchases,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    await roomForSegments(tx);
    const result = await tx.execute(
      sql`select count(*)::int as n ${membersWhere(definition, ctx, purchases)}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  });
}

/**
 * For the rest of the caller's transaction: memory enough that a condition's set of member ids (up to every
 * member, tens of MB at 1,000,000) is hashed once rather than searched per member, which PostgreSQL does when
 * the set does not fit `work_mem` (4 MB by default); and no JIT, whose compiling costs more than these plans save.
 * Call it in the transaction that evaluates a segment at scale (the count, the export, the sender).
 */
export async function roomForSegments(tx: Db) {
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local jit = off`);
}
