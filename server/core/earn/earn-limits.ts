import type { CampaignEffect } from '#common/contract/programme';
import type { EarnLimits } from '#common/contract/earn-limits';
import { roleAllows } from '#common/contract/permissions';
import type { BrandSettings } from '#common/contract/header';
import { AppError } from '#server/errors';
import type { AuditActor } from '../audit';

/** Who saves: the operator's caller as the audit log names it (a public visitor never passes the limits). */
type Caller = AuditActor['caller'];

/**
 * The owner's limits on earning (docs/decisions/046). `earnLimits.write` is the owner's alone (and the operator
 * token's): it changes the limits and lets a campaign go past them.
 */
export const mayPassEarnLimits = (caller: Caller) =>
  caller.kind === 'token' || (caller.kind === 'staff' && roleAllows(caller.role, 'earnLimits.write'));

export const EARN_LIMITS_OWNER_ONLY = 'Пределы начислений меняет только владелец программы';

/**
 * A settings document a caller saves (the settings' PUT, a content import): without `earnLimits.write` its
 * limits must be the stored ones. Left out, they stay as stored (so a screen that does not know them cannot
 * reset them); changed, the save is refused whole (403) and nothing is written.
 */
export function keepEarnLimits(caller: Caller, input: unknown, stored: BrandSettings | null): unknown {
  if (mayPassEarnLimits(caller) || !stored || typeof input !== 'object' || input === null) return input;
  const given = (input as { earnLimits?: unknown }).earnLimits;
  if (given === undefined) {
    refuseEventBonusesOverLimit(input as Record<string, unknown>, stored);
    return { ...input, earnLimits: stored.earnLimits };
  }
  if (!sameLimits(given, stored.earnLimits)) throw new AppError('FORBIDDEN', EARN_LIMITS_OWNER_ONLY);
  refuseEventBonusesOverLimit(input as Record<string, unknown>, stored);
  return input;
}

/** The bonuses a brand gives for an event (registration, a friend, a birthday), each under `eventBonus`. */
const EVENT_BONUSES = ['welcomeBonus', 'referralBonus', 'referralFriendBonus', 'birthdayBonus'] as const;

/**
 * A welcome bonus of 100 000 mints money as surely as a campaign does (one SMS a phone away), so an event bonus
 * raised past the owner's `eventBonus` is the owner's to set. One the owner set already may stay as it is
 * when someone else saves the other settings.
 */
function refuseEventBonusesOverLimit(input: Record<string, unknown>, stored: BrandSettings) {
  const limit = stored.earnLimits.eventBonus;
  for (const key of EVENT_BONUSES) {
    const given = input[key];
    if (typeof given === 'number' && given > limit && given !== stored[key]) {
      throw new AppError('FORBIDDEN', `Бонус больше предела ${limit}: его ставит только владелец программы`);
    }
  }
}

function sameLimits(given: unknown, stored: EarnLimits): boolean {
  if (typeof given !== 'object' || given === null) return false;
  const g = given as Record<string, unknown>;
  const keys = new Set([...Object.keys(g), ...Object.keys(stored)]);
  return [...keys].every((k) => g[k] === (stored as Record<string, unknown>)[k]);
}

/**
 * A campaign's effect against the limits: the first one it passes, named for the person (`effect.factor`:
 * 'Множитель больше ×3'), or null. The marketer's save of such a campaign is refused; the owner's goes through.
 */
export function campaignOverLimit(
  effect: CampaignEffect,
  limits: EarnLimits,
): { field: string; message: string } | null {
  const beyond = 'такую кампанию сохраняет только владелец программы';
  if (effect.kind === 'MULTIPLIER' && effect.factor > limits.campaignFactor) {
    return {
      field: 'effect.factor',
      message: `Множитель больше предела ×${limits.campaignFactor}: ${beyond}`,
    };
  }
  if (effect.kind === 'EXTRA_PERCENT' && effect.percent > limits.campaignExtraPercent) {
    return {
      field: 'effect.percent',
      message: `Процент больше предела ${limits.campaignExtraPercent}%: ${beyond}`,
    };
  }
  if (effect.kind === 'FIXED' && effect.bonuses > limits.campaignFixed) {
    return {
      field: 'effect.bonuses',
      message: `Бонусов больше предела ${limits.campaignFixed}: ${beyond}`,
    };
  }
  return null;
}

/** The most a cheque (kopecks) may earn under the limits, kopecks. */
export const chequeEarnCap = (cheque: number, limits: EarnLimits) =>
  Math.floor((Math.max(0, cheque) * limits.chequePercent) / 100);
