import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a member is held out of a campaign (decision 076): a draw from SHA-256 of the campaign's and the member's
 * ids, uniform over 0..9999, against the share in basis points. The ids are random UUIDs, so the draw is as good
 * as a coin; being a function of the pair, it is decided once per member and campaign and comes out the same on a
 * retry or a second instance, and the queue records it in the message's row.
 */
export function isHeldOut(campaignId: string, userId: string, controlPercent: number): boolean {
  if (controlPercent <= 0) return false;
  const digest = createHash('sha256').update(`${campaignId}:${userId}`).digest();
  return digest.readUInt32BE(0) % 10_000 < controlPercent * 100;
}

/**
 * The same draw in SQL, for the statement that writes a campaign's messages (the test checks both agree). The
 * share is a number, or a column (the level-up trigger writes for every active trigger in one statement).
 */
export function heldOutSql(campaignId: SQL, userId: SQL, controlPercent: number | SQL): SQL {
  const basisPoints =
    typeof controlPercent === 'number' ? sql`${controlPercent * 100}` : sql`(${controlPercent} * 100)`;
  return sql`(('x' || substr(encode(sha256(convert_to(${campaignId}::text || ':' || ${userId}::text, 'UTF8')), 'hex'), 1, 8))::bit(32)::bigint % 10000 < ${basisPoints})`;
}
