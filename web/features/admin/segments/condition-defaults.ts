import type { SegmentCondition, SegmentField } from '#common/contract/segment-definition';

/** What a condition's pickers offer: the brand's levels, points and categories (GET /api/operator/segments/options). */
export interface SegmentOptions {
  levels: string[];
  points: { id: number; title: string }[];
  categories: { id: string; name: string }[];
}

/** A new condition of the kind, filled so it counts at once (the marketer then narrows it). */
export function defaultCondition(field: SegmentField, options: SegmentOptions): SegmentCondition {
  switch (field) {
    case 'level':
      return { field, levels: options.levels.slice(-1) };
    case 'points':
      return { field, pointIds: options.points.slice(0, 1).map((p) => p.id) };
    case 'daysSinceLastPurchase':
      return { field, op: 'gte', days: 60 };
    case 'purchaseCount':
      return { field, period: { lastDays: 90 }, op: 'gte', value: 2 };
    case 'purchaseSum':
      return { field, period: { lastDays: 90 }, op: 'gte', value: 5000 };
    case 'balance':
      return { field, op: 'gte', value: 500 };
    case 'expiringBonuses':
      return { field, days: 14, op: 'gte', value: 100 };
    case 'birthdayMonth':
      return { field, months: [new Date().getMonth() + 1] };
    case 'categories':
      return { field, categoryIds: options.categories.slice(0, 1).map((c) => c.id) };
    case 'registered':
      return { field, period: { lastDays: 30 } };
    case 'giftCards':
      return { field, held: true };
    case 'consent':
      return { field, channel: 'sms', granted: true };
  }
}
