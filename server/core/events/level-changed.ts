import type { Level } from '#common/contract/header';
import { brandSettingsWithin } from '#server/core/brand-settings';
import { levelFor, spendOverYear } from '#server/core/earn/levels';
import type { ContentCache } from '#server/lib/content-cache';
import type { Db } from '#server/db/client';
import { levelUpTriggerOn, writeLevelUpMessages } from '#server/core/messages/level-up';
import { emitEvent } from './emit';
import { endpointsFor } from './endpoint-cache';

/** Why the member's 12 months' spend moved: a purchase, goods returned or refunded, or a purchase aging out. */
export type LevelChangeReason = 'purchase' | 'return' | 'refund' | 'window';

export interface LevelDeps {
  db: Db;
  cache: ContentCache;
}

/**
 * `member.level_changed` (decision 079): levels are computed from the 12 months' spend, never stored (decision
 * 027), so a change is seen where the spend moves. Called in the transaction `tx` that just wrote the change of
 * `delta` kopecks to the member's counted spend: the level before is the level of the spend less `delta`. A rise
 * also writes the level-up trigger's messages (decision 081) in the same transaction. Costs nothing (no query)
 * when the brand has no levels, or neither an endpoint nor a level-up trigger listens; one indexed sum otherwise.
 */
export async function emitLevelChange(
  deps: LevelDeps,
  tx: Db,
  change: { memberId: string; delta: number; reason: LevelChangeReason; at: Date },
): Promise<void> {
  if (change.delta === 0) return;
  const hooked = (await endpointsFor(deps.db, tx, 'member.level_changed')).length > 0;
  const triggered = change.delta > 0 && (await levelUpTriggerOn(deps.db, tx));
  if (!hooked && !triggered) return;
  const { levels } = await brandSettingsWithin(tx, deps.cache);
  if (levels.length === 0) return;
  const spend = await spendOverYear(tx, change.memberId, change.at);
  const moved = { ...change, spend, spendBefore: spend - change.delta };
  if (hooked) await emitIfMoved(deps.db, tx, levels, moved);
  const from = levelFor(levels, moved.spendBefore);
  const to = levelFor(levels, moved.spend);
  if (triggered && to && from !== to && moved.spend > moved.spendBefore) {
    await writeLevelUpMessages(tx, { memberId: change.memberId, level: to.title, at: change.at });
  }
}

/** Writes the event when the spend before and after fall in different levels. */
export async function emitIfMoved(
  root: Db,
  tx: Db,
  levels: readonly Level[],
  moved: { memberId: string; spend: number; spendBefore: number; reason: LevelChangeReason; at: Date },
): Promise<boolean> {
  const from = levelFor(levels, moved.spendBefore);
  const to = levelFor(levels, moved.spend);
  if (from === to) return false;
  await emitEvent(root, tx, {
    type: 'member.level_changed',
    memberId: moved.memberId,
    payload: {
      memberId: moved.memberId,
      from: from?.title ?? null,
      to: to?.title ?? null,
      direction: moved.spend > moved.spendBefore ? 'up' : 'down',
      reason: moved.reason,
      spend: moved.spend,
      at: moved.at.toISOString(),
    },
    at: moved.at,
  });
  return true;
}
