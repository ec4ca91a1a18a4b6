import { sql, type SQL } from 'drizzle-orm';

/**
 * THE SEAM TO SEGMENTS (decision 076). A campaign's audience as a SQL subquery of member ids (`select id ...`),
 * which the campaign's start inserts from in one statement. Until segments land (server/core/segments/, the
 * `segments` table, built in parallel) every campaign targets **all members of the brand**: registered, not
 * deleted. At merge the lead replaces the body with the segment's own subquery when `segmentId` is set, e.g.
 * `return segmentId ? segmentMemberIds(db, segmentId) : allMembers;` (the segments module's function), and the
 * create/update check that the segment exists (server/features/messages/campaigns.ts, `checkSegment`).
 */
export function campaignAudience(segmentId: string | null): SQL {
  void segmentId; // wired to segments at merge (see above)
  return sql`select u.id from users u where u.deleted_at is null and u.registered_at is not null`;
}
