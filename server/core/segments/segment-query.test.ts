import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  segmentDefinitionSchema,
  type SegmentCondition,
  type SegmentDefinition,
} from '#common/contract/segment-definition';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#server/test/test-database';
import { countSegment, segmentContext, segmentMemberIdsQuery, type SegmentContext } from './segment-query';

/**
 * The SQL of every condition on a handful of members beside the demo brand's own (decision 075). Each answer
 * is the names of our members the segment holds, so the demo's members do not move the figures.
 */

const NOW = new Date('2026-11-29T09:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

interface Member {
  name: string;
  registeredAt: Date | null;
  birthDate?: string;
  deleted?: boolean;
  /** Completed purchases: days ago, roubles, at a point; a negative sum is a till return. */
  purchases?: { daysAgo: number; roubles: number; point?: number; category?: string }[];
  balance?: number;
  expiring?: { inDays: number; roubles: number };
  consent?: 'sms' | 'email';
  giftCard?: number;
}

const MEMBERS: Member[] = [
  // Anna: bought often and much (gold: 60,000 ₽ a year), lately, at point 1, dairy; SMS consent; birthday in March.
  {
    name: 'anna',
    registeredAt: new Date('2026-01-10T10:00:00Z'),
    birthDate: '1990-03-15',
    purchases: [
      { daysAgo: 5, roubles: 30_000, point: 1, category: 'seg-milk' },
      { daysAgo: 40, roubles: 30_000, point: 1 },
    ],
    balance: 1500,
    expiring: { inDays: 10, roubles: 300 },
    consent: 'sms',
  },
  // Boris: silver (12,000 ₽ less a 1,000 ₽ return), his last purchase 90 days ago at point 2; e-mail consent.
  {
    name: 'boris',
    registeredAt: new Date('2025-06-01T10:00:00Z'),
    birthDate: '1985-11-02',
    purchases: [
      { daysAgo: 90, roubles: 12_000, point: 2, category: 'seg-cheese' },
      { daysAgo: 89, roubles: -1000 },
    ],
    balance: 200,
    consent: 'email',
    giftCard: 1000,
  },
  // Vera: registered, never bought, no balance, born in November.
  { name: 'vera', registeredAt: new Date('2026-11-20T10:00:00Z'), birthDate: '2000-11-30' },
  // Not members: a phone that never registered, and a deleted account that bought.
  { name: 'guest', registeredAt: null, purchases: [{ daysAgo: 3, roubles: 500 }] },
  {
    name: 'gone',
    registeredAt: new Date('2026-01-01T10:00:00Z'),
    deleted: true,
    purchases: [{ daysAgo: 3, roubles: 500 }],
  },
];

describe('segment conditions in SQL (decision 075)', () => {
  let database: Database;
  let ctx: SegmentContext;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await db.execute(sql`insert into catalogue_categories (id, parent_id, name, updated_at) values
      ('seg-dairy', null, 'Молочное', now()), ('seg-milk', 'seg-dairy', 'Молоко', now()),
      ('seg-cheese', 'seg-dairy', 'Сыр', now())`);
    for (const [i, m] of MEMBERS.entries()) await insertMember(database, m, `7900777000${i}`, ids);
    ctx = await segmentContext(db, NOW);
  }, 60_000);
  afterAll(() => database.close());

  const matching = async (definition: SegmentDefinition) => {
    const parsed = segmentDefinitionSchema.parse(definition);
    const result = await database.db.execute(
      sql`select id::text from (${segmentMemberIdsQuery(parsed, ctx)}) s where id::text in (${sql.join(
        [...ids.values()].map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
    const found = new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
    return [...ids].filter(([, id]) => found.has(id)).map(([name]) => name);
  };
  const one = (condition: SegmentCondition) => matching({ match: 'all', conditions: [condition] });

  it('holds registered members only, never a half-registered phone or a deleted account', async () => {
    expect(await matching({ match: 'all', conditions: [] })).toEqual(['anna', 'boris', 'vera']);
  });

  it('reads the level from the 12 months of spend, returns netted, as the cabinet does', async () => {
    expect(await one({ field: 'level', levels: ['Золотой'] })).toEqual(['anna']);
    expect(await one({ field: 'level', levels: ['Серебряный'] })).toEqual(['boris']);
    expect(await one({ field: 'level', levels: ['Базовый'] })).toEqual(['vera']);
    expect(await one({ field: 'level', levels: ['Базовый', 'Золотой'] })).toEqual(['anna', 'vera']);
  });

  it('finds who bought at the points', async () => {
    expect(await one({ field: 'points', pointIds: [1] })).toEqual(['anna']);
    expect(await one({ field: 'points', pointIds: [1, 2] })).toEqual(['anna', 'boris']);
  });

  it('counts the days since the last purchase; a member who never bought is in neither side', async () => {
    expect(await one({ field: 'daysSinceLastPurchase', op: 'gte', days: 60 })).toEqual(['boris']);
    expect(await one({ field: 'daysSinceLastPurchase', op: 'lte', days: 30 })).toEqual(['anna']);
  });

  it('counts purchases and their sum in a period, with 0 for those without', async () => {
    const year = { lastDays: 365 };
    expect(await one({ field: 'purchaseCount', period: year, op: 'gte', value: 2 })).toEqual(['anna']);
    expect(await one({ field: 'purchaseCount', period: { lastDays: 30 }, op: 'lte', value: 0 })).toEqual([
      'boris',
      'vera',
    ]);
    expect(await one({ field: 'purchaseSum', period: year, op: 'gte', value: 11_000 })).toEqual([
      'anna',
      'boris',
    ]);
    const autumn = { from: '2026-08-01', to: '2026-09-30' };
    expect(await one({ field: 'purchaseSum', period: autumn, op: 'gte', value: 1 })).toEqual(['boris']);
  });

  it('compares the bonus balance, 0 for a member without an account', async () => {
    expect(await one({ field: 'balance', op: 'gte', value: 1000 })).toEqual(['anna']);
    expect(await one({ field: 'balance', op: 'lte', value: 200 })).toEqual(['boris', 'vera']);
  });

  it('sums the bonuses expiring within N days', async () => {
    expect(await one({ field: 'expiringBonuses', days: 14, op: 'gte', value: 100 })).toEqual(['anna']);
    expect(await one({ field: 'expiringBonuses', days: 7, op: 'gte', value: 100 })).toEqual([]);
  });

  it('reads the birthday month, the categories bought with their subtree, the registration date', async () => {
    expect(await one({ field: 'birthdayMonth', months: [11] })).toEqual(['boris', 'vera']);
    expect(await one({ field: 'categories', categoryIds: ['seg-dairy'] })).toEqual(['anna', 'boris']);
    expect(await one({ field: 'categories', categoryIds: ['seg-cheese'] })).toEqual(['boris']);
    const registered = { field: 'registered', period: { from: '2026-01-01', to: '2026-11-20' } } as const;
    expect(await one(registered)).toEqual(['anna', 'vera']);
  });

  it('knows the gift cards held and the current consent per channel', async () => {
    expect(await one({ field: 'giftCards', held: true })).toEqual(['boris']);
    expect(await one({ field: 'consent', channel: 'sms', granted: true })).toEqual(['anna']);
    expect(await one({ field: 'consent', channel: 'sms', granted: false })).toEqual(['boris', 'vera']);
  });

  it('combines conditions with and, or, and a group', async () => {
    const lapsedOrNovember: SegmentDefinition = {
      match: 'any',
      conditions: [
        { field: 'daysSinceLastPurchase', op: 'gte', days: 60 },
        { field: 'birthdayMonth', months: [11] },
      ],
    };
    expect(await matching(lapsedOrNovember)).toEqual(['boris', 'vera']);
    const consentedAnd: SegmentDefinition = {
      match: 'all',
      conditions: [
        {
          field: 'group',
          match: 'any',
          conditions: [
            { field: 'consent', channel: 'sms', granted: true },
            { field: 'consent', channel: 'email', granted: true },
          ],
        },
        { field: 'balance', op: 'lte', value: 500 },
      ],
    };
    expect(await matching(consentedAnd)).toEqual(['boris']);
    const before = await countSegment(database.db, { match: 'all', conditions: [] }, ctx);
    expect(before).toBeGreaterThanOrEqual(3);
  });
});

async function insertMember(database: Database, m: Member, phone: string, ids: Map<string, string>) {
  const db = database.db;
  const id = randomUUID();
  ids.set(m.name, id);
  await db.execute(sql`insert into users (id, phone, registered_at, birth_date, deleted_at, first_name)
    values (${id}, ${phone}, ${m.registeredAt?.toISOString() ?? null}, ${m.birthDate ?? null}, ${m.deleted ? NOW.toISOString() : null}, ${m.name})`);
  for (const p of m.purchases ?? []) {
    const type = p.roubles < 0 ? 'RETURN' : 'PAYMENT';
    const [op] = await rows<{ id: string }>(
      database,
      sql`insert into operations
      (user_id, place, occurred_at, amount, state, type) values
      (${id}, 'test', ${daysAgo(p.daysAgo).toISOString()}, ${Math.abs(p.roubles) * 100}, 'PROCESSED', ${type}) returning id`,
    );
    if (p.point) await insertDraft(database, id, p.point, p.roubles, op!.id, p.category);
  }
  if (m.balance !== undefined) {
    await db.execute(
      sql`insert into ledger_accounts (user_id, kind, balance) values (${id}, 'bonus', ${m.balance * 100})`,
    );
  }
  if (m.expiring) {
    const [tx] = await rows<{ id: string }>(
      database,
      sql`insert into ledger_transactions (idempotency_key, kind)
      values (${`seg-test-${id}`}, 'manual_adjustment') returning id`,
    );
    await db.execute(sql`insert into bonus_lots (user_id, transaction_id, amount, remaining, earned_at, expires_at)
      values (${id}, ${tx!.id}, ${m.expiring.roubles * 100}, ${m.expiring.roubles * 100}, ${NOW.toISOString()},
        ${new Date(NOW.getTime() + m.expiring.inDays * 86_400_000).toISOString()})`);
  }
  if (m.consent) {
    await db.execute(sql`insert into marketing_consents (user_id, channel, granted, changed_at)
      values (${id}, ${m.consent}, true, ${NOW.toISOString()})`);
  }
  if (m.giftCard) await insertGiftCard(database, id, phone, m.giftCard);
}

async function insertDraft(
  database: Database,
  userId: string,
  point: number,
  roubles: number,
  operationId: string,
  category?: string,
) {
  const [draft] = await rows<{ id: string }>(
    database,
    sql`insert into payment_drafts
    (user_id, product_type, pay_type, retail_point_id, title, spend_bonus, pay_sum, spend, left_to_pay, earn_percent,
     earn, state, operation_id, created_at, updated_at)
    values (${userId}, 'PAYMENT', 'CARD', ${point}, 'test', false, ${roubles * 100}, 0, ${roubles * 100}, 0, 0,
     'completed', ${operationId}, ${NOW.toISOString()}, ${NOW.toISOString()}) returning id`,
  );
  if (!category) return;
  await database.db
    .execute(sql`insert into receipt_lines (source, operation_id, line_no, name, quantity_milli, price,
    sum, discount, category_id, max_spend, spend, earn)
    values ('payment', ${draft!.id}, 1, 'test', 1000, ${roubles * 100}, ${roubles * 100}, 0, ${category}, 0, 0, 0)`);
}

async function insertGiftCard(database: Database, userId: string, phone: string, roubles: number) {
  const [order] = await rows<{ id: string }>(
    database,
    sql`insert into gift_card_orders
    (user_id, nominal, quantity, discount_basis_points, discount, delivery_sum, total, recipients, congratulation,
     image_id, delivery_id, sending_date, state, created_at)
    values (${userId}, ${roubles * 100}, 1, 0, 0, 0, ${roubles * 100}, '[]', '', 'x', 'SMS_TO_CLIENT', ${NOW.toISOString()}, 'paid',
     ${NOW.toISOString()}) returning id`,
  );
  const [account] = await rows<{ id: string }>(
    database,
    sql`insert into ledger_accounts (kind, balance)
    values ('gift_card', ${roubles * 100}) returning id`,
  );
  await database.db
    .execute(sql`insert into gift_cards (public_id, code, order_id, position, phone, name, nominal,
    account_id, created_at)
    values (${`seg-${userId}`}, ${userId.replace(/\D/g, '').padEnd(16, '0').slice(0, 16)}, ${order!.id}, 0, ${phone},
     'test', ${roubles * 100}, ${account!.id}, ${NOW.toISOString()})`);
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
