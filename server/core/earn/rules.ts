import type { AppliedRule } from '#common/contract/programme';
import { formatBonuses } from '#common/lib/format';
import { basketHolds, type EarnGoods, type EarnLine } from './goods';
import { earnOverLines, fixedOf, lineRates, rateThrough, type LineRates } from './line-rates';
import { localTime, minuteOf, type LocalTime } from './local-time';

export type { EarnGoods, EarnLine } from './goods';
export type { LineRates } from './line-rates';

/**
 * The earn rules, evaluated (docs/decisions/027-programme-rules.md). Pure: what a cheque at a point and a moment
 * earns from the point's rate and the campaigns, in kopecks, and the rules that applied. Every accrual calls it
 * (server/core/earn/earn.ts loads what it needs), so the shop, the till and the operator's preview agree.
 */

/** A campaign as the evaluation reads it: integers only (kopecks, hundredths). */
export interface EarnCampaign {
  id: string;
  title: string;
  startsOn: string;
  endsOn: string | null;
  weekdays: number[];
  hours: { from: string; to: string } | null;
  pointIds: number[];
  /** Kopecks. */
  minCheque: number;
  effect:
    | { kind: 'MULTIPLIER'; factorHundredths: number }
    | { kind: 'EXTRA_PERCENT'; percentHundredths: number }
    | { kind: 'FIXED'; kopecks: number };
  /** Conditions on the receipt's goods (decision 062); null: the whole cheque. */
  goods: EarnGoods | null;
  priority: number;
  stacks: boolean;
}

export interface EarnInput {
  /** The whole cheque, kopecks (what a campaign's minimum compares with). */
  cheque: number;
  /** What earns: the money paid (never bonuses), kopecks. */
  earnable: number;
  pointId: number;
  /** The point's rate in force, percent. */
  basePercent: number;
  /** Whether that rate is the chain's base rate or the point's own (decision 055); the point's when absent. */
  baseFrom?: 'CHAIN' | 'POINT';
  at: Date;
  timeZone: string;
  /** Active campaigns (the evaluation checks their days, hours, points and minimum). */
  campaigns: readonly EarnCampaign[];
  /** The member's level, when levels are on: its percent replaces the point's when higher. */
  level?: { title: string; earnPercent: number } | null;
  /**
   * The receipt's lines, when the till sent them: campaigns with goods conditions apply only then, and their
   * effect falls on their lines alone. `earnable` is then the lines' `paid` together.
   */
  lines?: readonly EarnLine[] | null;
}

export interface EarnResult {
  /** Kopecks. */
  earn: number;
  rules: AppliedRule[];
  /**
   * The rate applied over what earns, hundredths of a percent: the rate in force after the campaigns'
   * multipliers and extra percents (fixed bonuses apart); null when nothing was paid in money (decision 055).
   */
  rate: number | null;
  /**
   * When a goods campaign applied to a receipt's lines, what fell on each (the receipt spreads the earn by it);
   * absent otherwise (every earning line then has the cheque's rate).
   */
  perLine?: LineRates | null;
}

/** A campaign's effect as the till and the cheque name it: '×3', '×1,5', '+2%', '+100 бонусов'. */
export function effectText(effect: EarnCampaign['effect']): string {
  if (effect.kind === 'MULTIPLIER') return `×${hundredthsText(effect.factorHundredths)}`;
  if (effect.kind === 'EXTRA_PERCENT') return `+${hundredthsText(effect.percentHundredths)}%`;
  return `+${formatBonuses(effect.kopecks / 100)}`;
}

/** 300 -> '3', 150 -> '1,5', 125 -> '1,25': a rate or a factor with only the decimals it has. */
export const hundredthsText = (hundredths: number) => String(hundredths / 100).replace('.', ',');

/**
 * Whether a campaign applies to this cheque at this point and moment (`local`: the moment on the brand's clock,
 * worked out once per cheque rather than once per campaign).
 */
export function campaignApplies(
  c: EarnCampaign,
  input: Pick<EarnInput, 'cheque' | 'pointId'> & { local: LocalTime },
) {
  if (input.cheque < c.minCheque) return false;
  if (c.pointIds.length > 0 && !c.pointIds.includes(input.pointId)) return false;
  return runsAtLocal(c, input.local, true);
}

/** Whether the campaign runs at the moment: its days, weekdays and (when `withHours`) hours. */
export const runsAt = (
  c: Pick<EarnCampaign, 'startsOn' | 'endsOn' | 'weekdays' | 'hours'>,
  at: Date,
  timeZone: string,
  withHours: boolean,
) => runsAtLocal(c, localTime(at, timeZone), withHours);

function runsAtLocal(
  c: Pick<EarnCampaign, 'startsOn' | 'endsOn' | 'weekdays' | 'hours'>,
  local: LocalTime,
  withHours: boolean,
) {
  if (local.day < c.startsOn || (c.endsOn !== null && local.day > c.endsOn)) return false;
  if (c.weekdays.length > 0 && !c.weekdays.includes(local.weekday)) return false;
  if (!withHours || !c.hours) return true;
  const from = minuteOf(c.hours.from);
  const to = minuteOf(c.hours.to);
  // An end before the start: the hours run past midnight (22:00-02:00).
  return from < to ? local.minute >= from && local.minute < to : local.minute >= from || local.minute < to;
}

/**
 * Which matching campaigns apply: the highest priority first (ties by id, so the answer is stable); a
 * non-stacking campaign at the top applies alone, else every stacking match applies together.
 */
export function chooseCampaigns(matching: readonly EarnCampaign[]): EarnCampaign[] {
  const ordered = [...matching].sort(
    (a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const top = ordered[0];
  if (!top) return [];
  return top.stacks ? ordered.filter((c) => c.stacks) : [top];
}

/**
 * The earn: the rate in hundredths of a percent (the point's, or the member's level's when higher; multiplied,
 * plus extra percents) over what
 * earns, rounded down to a kopeck, plus fixed bonuses. Nothing earned when nothing was paid in money.
 */
export function evaluateEarn(input: EarnInput): EarnResult {
  const point = Math.max(0, input.basePercent);
  const level = input.level && input.level.earnPercent > point ? input.level : null;
  const base = level ? level.earnPercent : point;
  const rules: AppliedRule[] = [
    level
      ? { kind: 'LEVEL', id: null, title: `Уровень «${level.title}» ${base}%`, percent: base }
      : {
          kind: 'BASE',
          id: null,
          title: `Базовое начисление ${base}%`,
          percent: base,
          from: input.baseFrom ?? 'POINT',
        },
  ];
  if (input.earnable <= 0) return { earn: 0, rules: [], rate: null };
  const lines = input.lines ?? null;
  const at = { ...input, local: localTime(input.at, input.timeZone) };
  const applied = chooseCampaigns(
    input.campaigns.filter(
      (c) => campaignApplies(c, at) && (c.goods === null || (lines !== null && basketHolds(c.goods, lines))),
    ),
  );
  for (const c of applied) {
    // A goods campaign's effect is on its goods alone: said so, beside the cheque's rate (decision 062).
    const effect = `${effectText(c.effect)}${c.goods ? ' на её товары' : ''}`;
    rules.push({ kind: 'CAMPAIGN', id: c.id, title: c.title, effect });
  }
  // The cheque's rate: the base through the campaigns that reward the whole cheque (a goods campaign's rate is
  // its lines', which the lines carry).
  const rate = rateThrough(base * 100, applied, (c) => c.goods === null);
  // Without a goods campaign every line that earns has the cheque's rate: the earn is the sum-only one, exactly.
  if (!lines || !applied.some((c) => c.goods !== null)) {
    const fixed = fixedOf(applied).reduce((total, c) => total + c.effect.kopecks, 0);
    const earn = Math.floor((input.earnable * rate) / 10_000) + fixed;
    return { earn, rules: earn > 0 ? rules : [], rate };
  }
  const perLine = lineRates(base * 100, applied, lines);
  const earn = earnOverLines(lines, perLine);
  return { earn, rules: earn > 0 ? rules : [], rate, perLine };
}
