import { desc, eq } from 'drizzle-orm';
import { goodsSay, type CampaignGoods } from '#common/contract/campaign-goods';
import type { Campaign, CampaignInput } from '#common/contract/programme';
import { campaignInputSchema } from '#common/contract/programme';
import type { Db } from '#server/db/client';
import { campaigns, type StoredCampaignGoods } from '#server/db/schema/programme';
import type { ContentCache } from '#server/lib/content-cache';
import { toKopecks, toRoubles } from '../money';
import type { EarnCampaign, EarnGoods } from './rules';

/** Campaigns as stored, as the operator's API shows them, and as the evaluation reads them. */
export type CampaignRow = typeof campaigns.$inferSelect;
type CampaignValues = Omit<typeof campaigns.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const hundredths = (v: number) => Math.round(v * 100);

/** The goods conditions as stored, or null when they say nothing (the whole cheque). */
const storedGoods = (g: CampaignGoods | null): StoredCampaignGoods | null =>
  g && goodsSay(g)
    ? {
        categories: g.categories,
        skus: g.skus,
        excludeCategories: g.excludeCategories,
        excludeSkus: g.excludeSkus,
        minQuantityMilli: Math.round(g.minQuantity * 1000),
        minSum: toKopecks(g.minSum),
      }
    : null;

const goodsOf = (g: StoredCampaignGoods | null): CampaignGoods | null =>
  g && {
    categories: g.categories,
    skus: g.skus,
    excludeCategories: g.excludeCategories,
    excludeSkus: g.excludeSkus,
    minQuantity: g.minQuantityMilli / 1000,
    minSum: toRoubles(g.minSum),
  };

/** The goods conditions as the evaluation matches lines against them: sets, thousandths, kopecks. */
const earnGoodsOf = (g: StoredCampaignGoods | null): EarnGoods | null =>
  g && {
    categories: new Set(g.categories),
    skus: new Set(g.skus),
    excludeCategories: new Set(g.excludeCategories),
    excludeSkus: new Set(g.excludeSkus),
    minQuantityMilli: g.minQuantityMilli,
    minSum: g.minSum,
  };

export function toCampaignValues(input: CampaignInput): CampaignValues {
  const c = campaignInputSchema.parse(input);
  const effect = c.effect;
  return {
    title: c.title,
    description: c.description,
    startsOn: c.startsOn,
    endsOn: c.endsOn,
    weekdays: [...c.weekdays].sort(),
    hoursFrom: c.hours?.from ?? null,
    hoursTo: c.hours?.to ?? null,
    pointIds: c.pointIds,
    minCheque: toKopecks(c.minCheque),
    effectKind: effect.kind,
    effectValue:
      effect.kind === 'MULTIPLIER'
        ? hundredths(effect.factor)
        : effect.kind === 'EXTRA_PERCENT'
          ? hundredths(effect.percent)
          : toKopecks(effect.bonuses),
    goods: storedGoods(c.goods),
    priority: c.priority,
    stacks: c.stacks,
    active: c.active,
  };
}

const hoursOf = (row: CampaignRow) =>
  row.hoursFrom && row.hoursTo ? { from: row.hoursFrom, to: row.hoursTo } : null;

export function toCampaign(row: CampaignRow): Campaign {
  const v = row.effectValue;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    weekdays: row.weekdays,
    hours: hoursOf(row),
    pointIds: row.pointIds,
    minCheque: toRoubles(row.minCheque),
    effect:
      row.effectKind === 'MULTIPLIER'
        ? { kind: 'MULTIPLIER', factor: v / 100 }
        : row.effectKind === 'EXTRA_PERCENT'
          ? { kind: 'EXTRA_PERCENT', percent: v / 100 }
          : { kind: 'FIXED', bonuses: toRoubles(v) },
    goods: goodsOf(row.goods),
    priority: row.priority,
    stacks: row.stacks,
    active: row.active,
  };
}

export function toEarnCampaign(row: CampaignRow): EarnCampaign {
  const v = row.effectValue;
  return {
    id: row.id,
    title: row.title,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    weekdays: row.weekdays,
    hours: hoursOf(row),
    pointIds: row.pointIds,
    minCheque: row.minCheque,
    effect:
      row.effectKind === 'MULTIPLIER'
        ? { kind: 'MULTIPLIER', factorHundredths: v }
        : row.effectKind === 'EXTRA_PERCENT'
          ? { kind: 'EXTRA_PERCENT', percentHundredths: v }
          : { kind: 'FIXED', kopecks: v },
    goods: earnGoodsOf(row.goods),
    priority: row.priority,
    stacks: row.stacks,
  };
}

export const allCampaigns = (db: Db) =>
  db.select().from(campaigns).orderBy(desc(campaigns.priority), campaigns.createdAt);

/**
 * The switched-on campaigns, from the content cache: every accrual reads them, and campaign writes go through
 * `cache.write`, so each instance rebuilds them once per change (no query on the money path).
 */
export function cachedActiveCampaigns(db: Db, cache: ContentCache) {
  return cache.get('earn-campaigns', async () => {
    const rows = await db.select().from(campaigns).where(eq(campaigns.active, true));
    return { rows, rules: rows.map(toEarnCampaign) };
  });
}
