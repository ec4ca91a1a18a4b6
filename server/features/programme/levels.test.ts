import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdjustableClock, type AdjustableClock } from '#server/core/adjustable-clock';
import { readBrandSettings, saveBrandSettings } from '#server/core/brand-settings';
import { systemClock } from '#server/core/clock';
import { operations } from '#server/db/schema/cabinet';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createDraft } from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

const DAY = 86_400_000;
const LEVELS = [
  { title: 'Базовый', fromSpend: 0, earnPercent: 0 },
  { title: 'Серебряный', fromSpend: 10_000, earnPercent: 5 },
  { title: 'Золотой', fromSpend: 30_000, earnPercent: 7 },
];

/** Levels (decision 027 "Levels"): the rolling 12-month spend picks the rate the till and the shop earn at. */
describe('levels', () => {
  let t: TestApp;
  let clock: AdjustableClock;
  beforeEach(async () => {
    clock = createAdjustableClock(systemClock);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  async function setLevels(levels: typeof LEVELS) {
    const settings = await readBrandSettings(t.deps.db);
    await saveBrandSettings(t.deps.db, t.deps.cache, { ...settings, levels });
  }
  /** A purchase in the history, `daysAgo` before now: roubles, its state and type. */
  const purchase = (
    userId: string,
    roubles: number,
    daysAgo: number,
    state = 'PROCESSED',
    type = 'PAYMENT',
  ) =>
    t.deps.db.insert(operations).values({
      userId,
      place: 'Магазин',
      occurredAt: new Date(clock.now().getTime() - daysAgo * DAY),
      amount: roubles * 100,
      state: state as 'PROCESSED',
      type: type as 'PAYMENT',
    });

  async function accrue(card: Awaited<ReturnType<typeof cardholder>>, key: string, sum: number, n: number) {
    clock.advance(150_000); // a member code is accepted once: the next one
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    expect(visit.statusCode, visit.body).toBe(200);
    const done = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: visit.json().visitId,
      sum,
      idempotencyKey: `levels-${n}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json();
  }

  it('a spend exactly at a threshold reaches the level; the till earns at its rate and names it', async () => {
    await setLevels(LEVELS);
    const phone = '79551200001';
    const { key } = await issueKey(t, 1);
    const card = await cardholder(t, phone, 0);
    await purchase(card.userId, 9_999, 10);
    expect((await callAs(t, phone, 'GET', '/api/user/level')).json()).toEqual({
      level: {
        title: 'Базовый',
        earnPercent: 0,
        spend: 9_999,
        next: { title: 'Серебряный', earnPercent: 5, left: 1 },
      },
    });
    // Below Серебряный the point's 3 % is higher than the level's 0 %: the base rule.
    expect(await accrue(card, key, 1000, 1)).toMatchObject({
      earned: 30,
      earnRules: [{ kind: 'BASE', id: null, title: 'Базовое начисление 3%' }],
    });
    // Now 10 999 ₽: Серебряный, 5 % replaces the point's 3 %.
    const silver = await accrue(card, key, 1000, 2);
    expect(silver).toMatchObject({
      earned: 50,
      earnRules: [{ kind: 'LEVEL', id: null, title: 'Уровень «Серебряный» 5%' }],
    });
    const history = (await callAs(t, phone, 'GET', '/api/user/operations?page=1')).json();
    expect(history.operations[0]).toMatchObject({
      amountEarn: 50,
      earnRules: [{ kind: 'LEVEL', title: 'Уровень «Серебряный» 5%' }],
    });
    expect((await callAs(t, phone, 'GET', '/api/user/level')).json().level).toMatchObject({
      title: 'Серебряный',
      spend: 11_999,
      next: { title: 'Золотой', left: 18_001 },
    });
  });

  it("the shop's draft earns at the level's rate (7 % for Золотой)", async () => {
    await setLevels(LEVELS);
    const phone = '79551200004';
    const card = await cardholder(t, phone, 0);
    await purchase(card.userId, 30_000, 30);
    const draft = await createDraft(t, phone, { paySum: 1000, spendBonus: false, payType: 'CARD' });
    expect(draft).toMatchObject({ accountChanges: [{ spend: 0, earn: 70 }, {}] });
  });

  it('cancelled operations and deposits do not count; spend older than 12 months falls out', async () => {
    await setLevels(LEVELS);
    const phone = '79551200002';
    const card = await cardholder(t, phone, 0);
    await purchase(card.userId, 50_000, 5, 'CANCEL');
    await purchase(card.userId, 50_000, 5, 'PROCESSED', 'DEPOSIT');
    await purchase(card.userId, 20_000, 366); // older than 12 months
    await purchase(card.userId, 10_000, 100);
    const level = async () => (await callAs(t, phone, 'GET', '/api/user/level')).json().level;
    expect(await level()).toMatchObject({ title: 'Серебряный', spend: 10_000 });
    await purchase(card.userId, 20_000, 364, 'PROCESSED', 'CASHBACK'); // a till accrual is a purchase too
    expect(await level()).toMatchObject({ title: 'Золотой', spend: 30_000, next: null });
  });

  it('levels off (an empty list): the cabinet shows none and the earn is the point’s', async () => {
    await setLevels([]); // the demo brand has levels (decision 030)
    const phone = '79551200003';
    const { key } = await issueKey(t, 1);
    const card = await cardholder(t, phone, 0);
    await purchase(card.userId, 50_000, 5);
    expect((await callAs(t, phone, 'GET', '/api/user/level')).json()).toEqual({ level: null });
    expect(await accrue(card, key, 1000, 3)).toMatchObject({
      earned: 30,
      earnRules: [{ kind: 'BASE', title: 'Базовое начисление 3%' }],
    });
  });

  it('rejects levels out of order, not from 0, over 100 % or more than 10, and changes nothing', async () => {
    const before = await readBrandSettings(t.deps.db);
    const bad = [
      [LEVELS[1]!],
      [LEVELS[0]!, LEVELS[2]!, LEVELS[1]!],
      [LEVELS[0]!, { ...LEVELS[1]!, earnPercent: 101 }],
      Array.from({ length: 11 }, (_, i) => ({ title: `L${i}`, fromSpend: i * 100, earnPercent: i })),
    ];
    for (const levels of bad)
      await expect(setLevels(levels)).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
    expect((await readBrandSettings(t.deps.db)).levels).toEqual(before.levels);
  });
});
