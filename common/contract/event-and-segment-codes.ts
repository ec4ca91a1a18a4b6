/** The closed lists of events out (decision 073) and of segment conditions (decision 075), zod-free. */

/** The events the programme tells the chain's systems (decision 073), zod-free for the console. */
export const WEBHOOK_EVENT_TYPES = [
  'member.registered',
  'member.deleted',
  'member.level_changed',
  'operation.posted',
  'operation.refunded',
  'coupon.issued',
  'coupon.used',
  'gift_card.sold',
  'gift_card.used',
  'receipt.fiscalised',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A webhook delivery's state: waiting or retrying, delivered (a 2xx), or given up after 3 days. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** The kinds of a segment's conditions (decision 075); the schema is segment-definition.ts. */
export const SEGMENT_FIELDS = [
  'level',
  'points',
  'daysSinceLastPurchase',
  'purchaseCount',
  'purchaseSum',
  'balance',
  'expiringBonuses',
  'birthdayMonth',
  'categories',
  'registered',
  'giftCards',
  'consent',
] as const;
export type SegmentField = (typeof SEGMENT_FIELDS)[number];

/** Each condition's name as the console and the refusals say it. */
export const SEGMENT_FIELD_NAMES: Record<SegmentField, string> = {
  level: 'Уровень',
  points: 'Покупал в точках',
  daysSinceLastPurchase: 'Дней с последней покупки',
  purchaseCount: 'Число покупок за период',
  purchaseSum: 'Сумма покупок за период',
  balance: 'Баланс бонусов',
  expiringBonuses: 'Сгорающие бонусы',
  birthdayMonth: 'Месяц рождения',
  categories: 'Покупал категории',
  registered: 'Дата регистрации',
  giftCards: 'Подарочные карты',
  consent: 'Согласие на рекламу',
};
