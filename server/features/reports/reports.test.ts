import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '#common/lib/format';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { fakeClock } from '#server/test/auth-kit';
import { buyAndPay, paidGiftCard } from '#server/test/gift-cards-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import {
  answerSbp,
  completeDraft,
  createDraft,
  creditMoney,
  payOnSandbox,
  processDraft,
} from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { buildReport } from './report';
import { CLOSE_DAYS_AT_ONCE, closeEndedDays } from './rollup';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

const TZ = 'Europe/Moscow';
const DAY = 86_400_000;
const A = '79007770001';
const B = '79007770002';
const C = '79007770003';
const RECIPIENT = '79007770004';
const DELETED = '79007770005';
const GOOD_CARD = '4111 1111 1111 1111';

/** Sums computed straight from the ledger's entries, apart from the report's own queries. */
async function ledgerSums(t: TestApp) {
  const rows = (
    (await t.deps.db.execute(sql`
      select coalesce(a.kind, '?') as kind, a.user_id is not null as customer, e.account_id::text as account,
        sum(e.amount)::text as amount
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
      group by 1, 2, 3`)) as unknown as {
      rows: { kind: string; customer: boolean; account: string; amount: string }[];
    }
  ).rows;
  const system = (id: string) => Number(rows.find((r) => r.account === id)?.amount ?? 0);
  const pool = (test: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(test).reduce((sum, r) => sum + Number(r.amount), 0);
  const S = SYSTEM_ACCOUNTS;
  // The demo customer's seeded history ('purchase') spent bonuses with no payment record behind it.
  const [paid] = (
    (await t.deps.db.execute(sql`
      select coalesce(sum(e.amount), 0)::text as amount
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account_id = ${S.bonus_spent} and t.kind in ('payment', 'till_spend', 'till_refund')`)) as unknown as {
      rows: { amount: string }[];
    }
  ).rows;
  return {
    spentInPayments: Number(paid!.amount),
    issued: -system(S.bonus_issued),
    spent: system(S.bonus_spent),
    adjusted: 0 - system(S.bonus_adjusted) + 0, // never -0
    expired: system(S.bonus_expired),
    forfeited: system(S.bonus_forfeited),
    moneyForfeited: system(S.money_forfeited),
    bonusOutstanding:
      pool((r) => r.customer && r.kind === 'bonus') + system(S.bonus_held) + system(S.till_held),
    moneySpent: system(S.money_spent),
    moneyOutstanding: pool((r) => r.customer && r.kind === 'money') + system(S.money_held),
    giftSold: -system(S.gift_cards_issued),
    giftRedeemed: system(S.gift_cards_redeemed),
    giftOutstanding: pool((r) => r.kind === 'gift_card'),
  };
}

describe('reports: every figure is what the ledger says', () => {
  let t: TestApp;
  const clock = fakeClock(Date.now());
  const today = calendarDay(new Date(), TZ);
  const dayOff = (n: number) => calendarDay(new Date(Date.now() + n * DAY), TZ);
  const report = (query: string) =>
    t.app.inject({
      url: `/api/operator/reports?${query}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    // A shop payment by card spending bonuses and the money-like balance, and one by SBP.
    const a = await cardholder(t, A, 1000);
    await creditMoney(t, a.userId, 300);
    const cardDraft = await createDraft(t, A, { paySum: 1000, spendBonus: true, payType: 'CARD' });
    const processed = await processDraft(t, A, cardDraft.draftId);
    await payOnSandbox(t, processed.json().data.formUrl, GOOD_CARD);
    expect((await completeDraft(t, A, cardDraft.draftId)).statusCode).toBe(200);
    await cardholder(t, B, 0);
    const sbpDraft = await createDraft(t, B, { paySum: 200, spendBonus: false, payType: 'SBP_QR' });
    await answerSbp(t, (await processDraft(t, B, sbpDraft.draftId)).json().data.formUrl, 'confirm');
    expect((await completeDraft(t, B, sbpDraft.draftId)).statusCode).toBe(200);
    // At the till: an accrual, a spend confirmed, a spend confirmed and then refunded.
    const key = (await issueKey(t)).key;
    const c = await cardholder(t, C, 500);
    const visit = async () => {
      clock.advance(121_000);
      return (
        await till(t, key, 'POST', '/api/till/verify', { code: memberCode(c, clock.now().getTime()) })
      ).json().visitId as string;
    };
    const v1 = await visit();
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: v1,
      sum: 500,
      idempotencyKey: 'accrue-0001',
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    for (const [n, refund] of [
      [1, false],
      [2, true],
    ] as const) {
      const v = await visit();
      const held = await till(t, key, 'POST', '/api/till/spend', {
        visitId: v,
        sum: 400,
        bonuses: 100,
        idempotencyKey: `spend-000${n}`,
      });
      const id = held.json().operationId as string;
      expect((await till(t, key, 'POST', `/api/till/operations/${id}/confirm`)).statusCode).toBe(200);
      if (refund)
        expect((await till(t, key, 'POST', `/api/till/operations/${id}/refund`)).statusCode).toBe(200);
    }
    // A gift card sold (an invoice marked paid), redeemed twice at the till, one redemption refunded.
    const gift = await paidGiftCard(t, OPERATOR_TOKEN, RECIPIENT, 1000);
    const redeem = (amount: number, k: string) =>
      till(t, key, 'POST', '/api/till/gift-cards/redeem', { cardCode: gift.code, amount, idempotencyKey: k });
    expect((await redeem(250, 'redeem-0001')).statusCode).toBe(200);
    const second = await redeem(100, 'redeem-0002');
    await till(t, key, 'POST', `/api/till/gift-cards/redemptions/${second.json().redemptionId}/refund`);
    // A gift card bought on the site by bank card: a sale of gift cards, not a payment at the shop.
    await buyAndPay(t);
    // An account deleted with bonuses and the money-like balance on it: both forfeited.
    const d = await cardholder(t, DELETED, 300);
    await creditMoney(t, d.userId, 50, 'deleted');
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/operator/members/delete',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { phone: DELETED, reason: 'Заявка участника № 1' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // A cheque still on hold at the till: owed, not yet spent.
    const v4 = await visit();
    await till(t, key, 'POST', '/api/till/spend', {
      visitId: v4,
      sum: 100,
      bonuses: 50,
      idempotencyKey: 'spend-held',
    });
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('matches the ledger on bonuses, the money-like balance, gift cards and the payment split', async () => {
    const response = await report(`from=${dayOff(-1)}&to=${dayOff(1)}`);
    expect(response.statusCode, response.body).toBe(200);
    const r = response.json();
    const l = await ledgerSums(t);
    expect(r.timeZone).toBe(TZ);
    expect(r.totals.bonuses).toMatchObject({
      issued: l.issued,
      spent: l.spent,
      outstanding: l.bonusOutstanding,
    });
    expect(r.totals.money).toMatchObject({
      spent: l.moneySpent,
      forfeited: l.moneyForfeited,
      outstanding: l.moneyOutstanding,
    });
    // Every movement is on the report, so each pool adds up; the ledger's whole history is in the range.
    const b = r.totals.bonuses;
    expect(b).toMatchObject({ opening: 0, adjusted: l.adjusted, expired: l.expired, forfeited: l.forfeited });
    expect(l.forfeited).toBe(30_000);
    expect(b.issued + b.adjusted - b.spent - b.expired - b.forfeited).toBe(b.outstanding);
    expect(l.issued + l.adjusted - l.spent - l.expired - l.forfeited).toBe(l.bonusOutstanding);
    const m = r.totals.money;
    expect(l.moneyForfeited).toBe(5_000);
    expect(m.opening + m.credited - m.spent - m.forfeited).toBe(m.outstanding);
    const g = r.totals.giftCards;
    expect(g.opening + g.sold - g.redeemed - g.addedToBalance).toBe(g.outstanding);
    expect(r.totals.giftCards).toMatchObject({
      sold: l.giftSold,
      redeemed: l.giftRedeemed,
      outstanding: l.giftOutstanding,
    });
    expect(l.giftSold).toBe(100_000 + 100_000); // the invoice's card and the one bought on the site
    expect(l.giftRedeemed).toBe(25_000);
    // The payments' bonus, money-like and gift-card parts are the ledger's; the card, SBP and till parts are what
    // the payments above took.
    const p = r.totals.payments;
    expect(p.bonuses).toBe(l.spentInPayments);
    expect(p.bonuses).toBe(35_000 + 10_000);
    expect(p.money).toBe(l.moneySpent);
    expect(p.giftCards).toBe(l.giftRedeemed);
    expect(p.money).toBe(30_000);
    expect(p.sbp).toBe(20_000);
    expect(p.card).toBe(100_000 - 30_000 - 35_000);
    expect(p.till).toBe(50_000 + 30_000);
    expect(p.count).toBe(5);
    expect(p.total).toBe(p.bonuses + p.money + p.card + p.sbp + p.giftCards + p.till);
    expect(r.totals.newMembers).toBeGreaterThanOrEqual(4);
    expect(r.totals.activeMembers).toBe(4); // A, B, C and the buyer of the gift card on the site
    // The days add up to the totals; today holds them all.
    expect(r.days.map((d: { day: string }) => d.day)).toEqual([dayOff(-1), today, dayOff(1)]);
    const days = r.days as { bonusesIssued: number; giftCardsRedeemed: number }[];
    expect(days.reduce((s, d) => s + d.bonusesIssued, 0)).toBe(l.issued);
    expect(days.reduce((s, d) => s + d.giftCardsRedeemed, 0)).toBe(l.giftRedeemed);
    expect(r.byPoint).toEqual([expect.objectContaining({ retailPointId: 1, total: p.total })]);
  });

  it('reads an ended day from the daily rollup with the same figures as live', async () => {
    const query = { from: dayOff(-1), to: dayOff(1), points: '1' };
    const live = await buildReport(t.deps, query);
    // As if the day had ended: today is computed once into the rollup and read back from it.
    const rolled = await buildReport(t.deps, query, { today: dayOff(1) });
    expect(rolled).toEqual(live);
    const closed = await t.deps.db.execute(
      sql`select count(*)::int as n from report_days where day = ${today}::date`,
    );
    expect((closed as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(10);
  });

  it('closes many ended days a week at a time with the same figures as live, and the job closes the last week', async () => {
    const query = { from: dayOff(-12), to: dayOff(1) };
    const live = await buildReport(t.deps, query);
    // Eleven days before the ones closed above: two passes (7 and 4), each its own transaction.
    expect(await buildReport(t.deps, query, { today: dayOff(2) })).toEqual(live);
    const closedIn = async (zone: string) =>
      (
        (await t.deps.db.execute(
          sql`select count(*)::int as n from report_days_closed where time_zone = ${zone}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await closedIn(TZ)).toBeGreaterThanOrEqual(14);
    await closeEndedDays(t.deps.db, 'Asia/Vladivostok');
    expect(await closedIn('Asia/Vladivostok')).toBe(CLOSE_DAYS_AT_ONCE);
    await closeEndedDays(t.deps.db, 'Asia/Vladivostok');
    expect(await closedIn('Asia/Vladivostok')).toBe(CLOSE_DAYS_AT_ONCE);
    // And summed what was owed at the end of the last of them, once (decision 090): nothing, as every posting here
    // is today's (the database stamps them); reports-rollup-range.test.ts checks the sums over days.
    const owed = await t.deps.db.execute(
      sql`select count(*)::int as n, max(bonus)::text as bonus from report_owed_days where time_zone = 'Asia/Vladivostok'`,
    );
    expect((owed as unknown as { rows: { n: number; bonus: string }[] }).rows[0]).toEqual({
      n: 1,
      bonus: '0',
    });
  });

  it('works the end-of-range balances back from today, and narrows the payments to points', async () => {
    const before = (await report(`from=${dayOff(-40)}&to=${dayOff(-30)}`)).json();
    expect(before.totals.bonuses).toMatchObject({ issued: 0, spent: 0, outstanding: 0 });
    expect(before.totals.giftCards.outstanding).toBe(0);
    expect(before.totals.money.outstanding).toBe(0);
    expect(before.days).toHaveLength(11);
    const other = (await report(`from=${today}&to=${today}&points=2`)).json();
    expect(other.totals.payments).toMatchObject({ count: 0, total: 0 });
    expect(other.byPoint).toEqual([expect.objectContaining({ retailPointId: 2, count: 0 })]);
    expect(other.totals.bonuses.issued).toBe((await ledgerSums(t)).issued);
  });

  it('exports a CSV for Excel: BOM, semicolons, and a point title that cannot run as a formula', async () => {
    await t.deps.db.execute(sql`update retail_points set title = '=HYPERLINK("x";"y")' where id = 1`);
    const response = await t.app.inject({
      url: `/api/operator/reports/csv?from=${today}&to=${today}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { csv, fileName } = response.json();
    expect(fileName).toBe(`report-${today}-${today}.csv`);
    expect(csv.startsWith('\uFEFFДень;Новые участники;')).toBe(true);
    expect(csv).toContain(`\r\n"'=HYPERLINK(""x"";""y"")";5;`);
    expect(csv).toContain('Погашено подарочными картами, ₽;250,00');
    // The per-day table's sum, every movement of the period, the payments by point.
    expect(csv).toMatch(/\r\nИтого;\d+;4;/);
    expect(csv).toContain('\r\nАннулировано при удалении аккаунтов;300,00\r\n');
    expect(csv).toContain('\r\nАннулировано с баланса при удалении аккаунтов, ₽;50,00\r\n');
    expect(csv).toContain('\r\nТочка;Платежей;');
  });

  it('refuses a reversed or too long range with a Russian message', async () => {
    const reversed = await report(`from=${today}&to=${dayOff(-1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('Начало периода позже его конца');
    const long = await report(`from=2020-01-01&to=2026-01-01`);
    expect(long.statusCode).toBe(400);
    expect((await report(`from=${today}&to=${today}&points=1;drop`)).statusCode).toBe(400);
    const unreal = await report(`from=2026-02-31&to=2026-03-01`);
    expect(unreal.statusCode).toBe(400);
    expect(unreal.body).toContain('Такой даты нет');
  });
});
