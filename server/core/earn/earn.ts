import type { Db } from '../../db/client';
import type { ContentCache } from '../../lib/content-cache';
import { cachedBrandSettings } from '../brand-settings';
import type { Clock } from '../clock';
import { cachedActiveCampaigns } from './campaigns';
import { evaluateEarn, type EarnResult } from './rules';

export type { EarnResult } from './rules';

export interface EarnDeps {
  db: Db;
  cache: ContentCache;
  clock: Clock;
}

export interface EarnRequest {
  /** The whole cheque, kopecks. */
  cheque: number;
  /** What earns (the money paid), kopecks. */
  earnable: number;
  point: { id: number; currentBonus: number };
  /** The moment (now when absent: the preview names another). */
  at?: Date;
  /** The brand's zone when the caller has the settings at hand; read from the cache otherwise. */
  timeZone?: string;
}

/**
 * The one earn path (docs/decisions/027-programme-rules.md): the shop draft, the till's accrue, spend and card
 * payment, and the operator's preview all ask here what a cheque earns and by which rules. The campaigns and
 * the settings come from the content cache, so an accrual costs no extra query once they are built.
 */
export async function earnFor(deps: EarnDeps, request: EarnRequest): Promise<EarnResult> {
  const [active, timeZone] = await Promise.all([
    cachedActiveCampaigns(deps.db, deps.cache),
    request.timeZone ?? cachedBrandSettings(deps.db, deps.cache).then((s) => s.timeZone),
  ]);
  return evaluateEarn({
    cheque: request.cheque,
    earnable: request.earnable,
    pointId: request.point.id,
    basePercent: request.point.currentBonus,
    at: request.at ?? deps.clock.now(),
    timeZone,
    campaigns: active.rules,
  });
}
