// Decision 084 on the reference till page: a receipt paid on the site, opened by its payment link, its lines
// returned by the same form as a till operation's; and the till API's read of the receipt behind it.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentCardRefunds } from '#server/db/schema/payment-returns';
import { paymentDrafts } from '#server/db/schema/payments';
import type { FakeClock } from '#server/test/auth-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import {
  draftRow,
  openBakeryTill,
  payOnSandboxPage,
  registerReceipt,
  startPaying,
} from '#server/test/payment-return-kit';
import { completeDraft, creditMoney, customerWithBonuses, moneyOf } from '#server/test/payments-kit';
import type { TestApp } from '#server/test/test-app';
import { postTillForm } from '#server/test/till-page-kit';
import { issueKey, OTHER_POINT, till } from '#server/test/till-kit';

const PHONE = '79006660871';
const NBSP = '\u00a0';

describe('the till page returns lines of a receipt paid on the site (decision 084)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let cookie: string;

  beforeEach(async () => {
    ({ t, clock, key } = await openBakeryTill());
    cookie = `till_key=${key}`;
  });
  afterEach(() => closeAfterLedgerCheck(t, clock));

  /** 500 ₽ (three loaves, cigarettes) paid with 100 ₽ of the balance and the rest by card, no bonuses. */
  async function paidReceipt(idempotencyKey: string) {
    const userId = await customerWithBonuses(t, PHONE, 0);
    await creditMoney(t, userId, 100);
    const receiptId = await registerReceipt(t, key, idempotencyKey);
    const view = await till(t, key, 'GET', `/api/till/payment-receipts/${receiptId}`);
    expect(view.json()).toMatchObject({ state: 'AWAITING', paidBy: null, lines: null, sum: 500 });
    const { draftId, formUrl } = await startPaying(t, PHONE, receiptId, false);
    await payOnSandboxPage(t)(formUrl);
    expect((await completeDraft(t, PHONE, draftId)).json().data).toMatchObject({ state: 'completed' });
    expect(await draftRow(t, draftId)).toMatchObject({ extraSpend: 10_000, leftToPay: 40_000 });
    return receiptId;
  }
  const page = (url: string) => t.app.inject({ url, headers: { cookie } });
  const form = (url: string, fields: Record<string, string>) => postTillForm(t, cookie, url, fields);
  const keyOf = (html: string) => /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(html)![1]!;

  it('the API shows the receipt with its paid lines and what came back; another point’s is not found', async () => {
    const receiptId = await paidReceipt('pr-page-0001');
    const paid = await till(t, key, 'GET', `/api/till/payment-receipts/${receiptId}`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ state: 'PAID', paidBy: 'CARD', sum: 500 });
    expect(paid.json().lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      ['Хлеб', 3],
      ['Сигареты', 1],
    ]);
    expect(paid.json().returned).toBeUndefined();
    const returned = await till(t, key, 'POST', `/api/till/payment-receipts/${receiptId}/return`, {
      items: [{ line: 1, quantity: 1 }],
      idempotencyKey: 'pr-page-return-1',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const after = (await till(t, key, 'GET', `/api/till/payment-receipts/${receiptId}`)).json();
    expect(after.returned).toEqual({
      lines: [{ line: 1, quantity: 1 }],
      bonusesTakenBack: returned.json().bonusesTakenBack,
      bonusesGivenBack: 0,
      withheld: 0,
      refundedToCard: returned.json().refundedToCard,
      refundedToBalance: returned.json().refundedToBalance,
      pending: null,
    });
    const other = (await issueKey(t, OTHER_POINT)).key;
    const elsewhere = await till(t, other, 'GET', `/api/till/payment-receipts/${receiptId}`);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('opens the receipt by its payment link, returns a loaf, then the rest: only what is left is offered', async () => {
    const receiptId = await paidReceipt('pr-page-0002');
    const scan = await page('/till');
    expect(scan.body).toContain('Возврат по чеку, оплаченному на сайте');
    const link = `http://localhost:3000/loyalty?p=1&s=500&r=${receiptId}`;
    const found = await page(`/till/payment-receipts?receipt=${encodeURIComponent(link)}`);
    expect(found.statusCode).toBe(303);
    expect(found.headers.location).toBe(`/till/payment-receipts/${receiptId}`);
    const shown = await page(found.headers.location as string);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).toContain(`Чек на 500,00${NBSP}₽, оплата на сайте`);
    expect(shown.body).toContain('Оплачен на сайте картой.');
    expect(shown.body).toContain('<caption>Товары чека</caption>');
    // The till mode: the shop's register prints the whole receipt, the balance's part as the advance's offset.
    expect(shown.body).toContain('Напечатайте чек на кассе: приход, полный расчёт');
    expect(shown.body).toContain(`<td>Хлеб × 3</td><td class="num">300,00${NBSP}₽</td>`);
    expect(shown.body).toContain(
      `Оплата: безналичными 400,00${NBSP}₽, предоплатой (зачёт аванса) 100,00${NBSP}₽; итого 500,00${NBSP}₽.`,
    );
    const action = `/till/payment-receipts/${receiptId}/return`;
    expect(shown.body).toContain(`action="${action}"`);

    // A bad quantity is named and nothing moves.
    const bad = await form(action, { idempotencyKey: keyOf(shown.body), 'line-1': 'два' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Строка 1: количество — число больше нуля');
    expect(await moneyOf(t, PHONE)).toBe(0);

    // One loaf of 100 ₽: 100/500 of the balance's 100 ₽ back to the balance, the rest to the card; the 3 % the
    // card's part of it earned is taken back.
    const once = await form(action, { idempotencyKey: keyOf(shown.body), 'line-1': '1' });
    expect(once.statusCode, once.body).toBe(200);
    expect(once.body).toContain(
      `Возврат проведён: покупателю вернули 0${NBSP}бонусов, забрали 3${NBSP}бонуса. На карту вернули 80,00${NBSP}₽. На баланс покупателя вернули 20,00${NBSP}₽.`,
    );
    expect(await moneyOf(t, PHONE)).toBe(20);
    expect(once.body).toContain('Возвращено:</strong> Хлеб × 1.');
    const rows = /<caption>Сколько вернуть<\/caption>[^]*?<\/tbody>/.exec(once.body)![0];
    expect(rows).toMatch(/Хлеб<\/label><\/td>\s*<td class="num">2<\/td>/);
    // The same form sent twice returns once.
    const twice = await form(action, { idempotencyKey: keyOf(shown.body), 'line-1': '1' });
    expect(twice.statusCode).toBe(200);
    expect(await moneyOf(t, PHONE)).toBe(20);

    // Had the bank not confirmed the card's part, the page offers only the same return again, and that finishes
    // it without a second refund at the bank.
    await t.deps.db.update(paymentCardRefunds).set({ state: 'refunding', refundedAt: null });
    const waiting = await page(`/till/payment-receipts/${receiptId}`);
    expect(waiting.body).toContain('Банк ещё не подтвердил последний возврат денег');
    expect(waiting.body).not.toContain('Вернуть часть товаров');
    const retry = Object.fromEntries(
      [...waiting.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    expect(retry).toEqual({ idempotencyKey: keyOf(shown.body), 'line-1': '1' });
    clock.advance(121_000); // past the lease the first call took (refund-part.ts)
    const finished = await form(action, retry);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.body).toContain(`На карту вернули 80,00${NBSP}₽.`);
    const [part] = await t.deps.db.select().from(paymentCardRefunds);
    expect(part).toMatchObject({ state: 'refunded', amount: 8_000 });
    const [draft] = await t.deps.db
      .select()
      .from(paymentDrafts)
      .where(eq(paymentDrafts.receiptId, receiptId));
    expect((await t.deps.acquirer.getOrderStatus(draft!.orderId!)).refundedAmount).toBe(8_000);

    const rest = await form(action, { idempotencyKey: keyOf(once.body), 'line-1': '2', 'line-2': '1' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.body).toContain('Все товары чека возвращены.');
    expect(rest.body).toContain('Хлеб × 3; Сигареты × 1');
    expect(rest.body).not.toContain('Вернуть часть товаров');
    expect(await moneyOf(t, PHONE)).toBe(100);
  });

  it('a link without a receipt, an unknown receipt, one not paid yet: the cashier reads why, no form', async () => {
    const bad = await page('/till/payment-receipts?receipt=hello');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Нет номера чека');
    const unknown = await page('/till/payment-receipts/5b0f2c1e-5d7a-4f1e-9c3b-2a8d6e4f1b90');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Чек не найден');
    const receiptId = await registerReceipt(t, key, 'pr-page-0003');
    const waiting = await page(`/till/payment-receipts/${receiptId}`);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain('Чек ещё не оплачен: покупатель может оплатить его до 12:30.');
    expect(waiting.body).not.toContain('Вернуть часть товаров');
  });
});
