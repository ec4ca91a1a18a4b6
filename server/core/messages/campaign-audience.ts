import { eq, sql, type SQL } from 'drizzle-orm';
import { segmentContext, segmentMemberIdsQuery } from '#server/core/segments/segment-query';
import { checkSegmentReferences } from '#server/core/segments/segment-references';
import { segmentDefinitionSchema } from '#common/contract/segment-definition';
import type { Db } from '#server/db/client';
import { segments } from '#server/db/schema/segments';

const ALL_MEMBERS = sql`select u.id from users u where u.deleted_at is null and u.registered_at is not null`;
const NOBODY = sql`select null::uuid as id where false`;

/**
 * A campaign's audience as a SQL subquery of member ids (`select id ...`), read through `db` (the caller's
 * transaction when it has one), which the campaign's start inserts from in one statement (decision 076). No
 * segment: every member (registered, not deleted). A saved segment: its members as `now` sees them (decision 075),
 * after the check that what it names (levels, points, categories) still exists, a 400 naming the condition if
 * not. A segment deleted since the campaign named it: nobody, so a scheduled campaign sends nothing rather than
 * to everyone.
 */
export async function campaignAudience(db: Db, segmentId: string | null, now: Date): Promise<SQL> {
  if (!segmentId) return ALL_MEMBERS;
  const [row] = await db
    .select({ definition: segments.definition })
    .from(segments)
    .where(eq(segments.id, segmentId));
  if (!row) return NOBODY;
  const definition = segmentDefinitionSchema.parse(row.definition);
  const ctx = await segmentContext(db, now);
  await checkSegmentReferences(db, definition, ctx);
  return segmentMemberIdsQuery(definition, ctx);
}

/** Whether a saved segment of this id exists (a campaign may name only one). */
export async function segmentExists(db: Db, segmentId: string): Promise<boolean> {
  const [row] = await db.select({ id: segments.id }).from(segments).where(eq(segments.id, segmentId));
  return Boolean(row);
}
