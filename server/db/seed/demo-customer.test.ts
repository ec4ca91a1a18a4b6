import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '#server/core/ledger';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { users } from '../schema/auth';
import { cards, operations } from '../schema/cabinet';
import { DEMO_CUSTOMER, seedDemoCustomer } from './demo-customer';

describe('demo customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a card and balances that equal its operations, and seeding again adds nothing', async () => {
    const db = t.deps.db;
    const [user] = await db.select().from(users).where(eq(users.phone, DEMO_CUSTOMER.phone));
    expect(user).toMatchObject({ firstName: 'Анна', middleName: 'Сергеевна', lastName: 'Иванова' });
    const rows = await db.select().from(operations).where(eq(operations.userId, user!.id));
    expect(rows).toHaveLength(31);
    const earned = rows.reduce((sum, r) => sum + r.amountEarn - r.amountSpend, 0);
    const deposited = rows.filter((r) => r.type === 'DEPOSIT').reduce((sum, r) => sum + r.amount, 0);
    const balances = await balancesOf(db, user!.id);
    expect(balances).toEqual({ bonus: earned, money: deposited });
    expect(balances.bonus).toBeGreaterThan(150_000);
    expect(balances.money).toBe(50_000);
    const threeMonthsAgo = Date.now() - 92 * 24 * 60 * 60_000;
    for (const r of rows) expect(r.occurredAt.getTime()).toBeGreaterThan(threeMonthsAgo);

    expect(await seedDemoCustomer(db)).toBe(false);
    expect(await db.select().from(cards).where(eq(cards.userId, user!.id))).toHaveLength(1);
    expect(await db.select().from(operations).where(eq(operations.userId, user!.id))).toHaveLength(31);
    await assertLedgerInvariants(db);
  });

  it('is «Серебряный» in the demo brand’s levels, on the way to «Золотой» (decision 030)', async () => {
    const { level } = (await callAs(t, DEMO_CUSTOMER.phone, 'GET', '/api/user/level')).json();
    expect(level).toMatchObject({ title: 'Серебряный', next: { title: 'Золотой' } });
    expect(level.spend).toBeGreaterThan(10_000);
    expect(level.next.left).toBeGreaterThan(0);
  });
});
