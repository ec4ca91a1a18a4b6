import type { Db } from '#server/db/client';
import type { ContentCache } from '#server/lib/content-cache';
import { cachedBrandSettings } from '../brand-settings';
import type { Clock } from '../clock';
import { cachedActiveCampaigns } from './campaigns';
import { chequeEarnCap } from './earn-limits';
import { levelFor, spendOverYear } from './levels';
import { pointRate } from './point-rate';
import { evaluateEarn, type EarnLine, type EarnResult } from './rules';

export type { EarnResult } from './rules';

/** What `earnFor` answers: the earn and its rules, and the point's rate in force (stored beside an accrual). */
export interface Earned extends EarnResult {
  /** The point's rate in force, percent: its own, or the chain's base (decision 055). */
  pointPercent: number;
}

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
  /** The point; `currentBonus` null: it follows the chain's base rate (decision 055). */
  point: { id: number; currentBonus: number | null };
  /** The moment (now when absent: the preview names another). */
  at?: Date;
  /** The brand's zone when the caller has the settings at hand; read from the cache otherwise. */
  timeZone?: string;
  /** The member, when known: their level (if levels are on) sets the rate. */
  userId?: string;
  /** The receipt's lines, when sent: goods campaigns read them (decision 062). */
  lines?: readonly EarnLine[] | null;
}

/**
 * The one earn path (docs/decisions/027-programme-rules.md): the shop draft, the till's accrue, spend and card
 * payment, and the operator's preview all ask here what a cheque earns and by which rules. The campaigns and
 * the settings come from the content cache, so an accrual costs no extra query once they are built.
 */
export async function earnFor(deps: EarnDeps, request: EarnRequest): Promise<Earned> {
  const at = request.at ?? deps.clock.now();
  const [active, settings] = await Promise.all([
    cachedActiveCampaigns(deps.db, deps.cache),
    cachedBrandSettings(deps.db, deps.cache),
  ]);
  const timeZone = request.timeZone ?? settings.timeZone;
  // Levels cost one indexed query, and only when the brand has levels (docs/decisions/027 "Levels") and a rate
  // matters: a cheque paid wholly with bonuses earns nothing by any rate (decision 030: the demo has levels).
  const level =
    settings.levels.length > 0 && request.userId && request.earnable > 0
      ? levelFor(settings.levels, await spendOverYear(deps.db, request.userId, at))
      : null;
  const own = pointRate(request.point.currentBonus, settings);
  const result = evaluateEarn({
    cheque: request.cheque,
    earnable: request.earnable,
    pointId: request.point.id,
    basePercent: own.percent,
    baseFrom: own.from,
    at,
    timeZone,
    campaigns: active.rules,
    level,
    lines: request.lines ?? null,
  });
  // The owner's cap on one cheque (decision 046), over every rule together: stacked campaigns cannot mint more.
  const cap = chequeEarnCap(request.cheque, settings.earnLimits);
  if (result.earn <= cap) return { ...result, pointPercent: own.percent };
  return { ...result, earn: cap, rules: cap > 0 ? result.rules : [], pointPercent: own.percent };
}
