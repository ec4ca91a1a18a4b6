// Decision 083: the report's card and SBP money against the fiscal receipts, per day, with the difference row.
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportFiscal } from '#common/contract/report-fiscal';
import { calendarDay } from '#common/lib/format';
import type { FakeAtol } from '#server/integrations/fiscal/fake-atol-server';
import { sandboxWalletToken } from '#server/integrations/acquirer/sandbox-acquirer';
import type { FakeClock } from '#server/test/auth-kit';
import {
  asOperator,
  CLOUD,
  GATEWAY_MODE,
  openFiscalApp,
  payByCard,
  putFiscal,
} from '#server/test/fiscal-kit';
import { buyAndPay } from '#server/test/gift-cards-kit';
import type { TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, till } from '#server/test/till-kit';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import { tillOperations } from '#server/db/schema/till';
import { sendDueReceipts } from './send-receipts';

const SHOPPER = '79006668301';
const HOLDER = '79006668302';
const TZ = 'Europe/Moscow';
const DAY_MS = 86_400_000;

describe('the report’s fiscal reconciliation', () => {
  let t: TestApp;
  let clock: FakeClock;
  let fake: FakeAtol;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;
  beforeEach(async () => {
    ({ t, clock, fake } = await openFiscalApp(SHOPPER, 0));
    key = (await issueKey(t)).key;
    card = await cardholder(t, HOLDER, 1000);
    await t.deps.acquirer.bindings!.bindWalletToken!({
      clientId: card.userId,
      wallet: 'google',
      token: sandboxWalletToken('1111'),
    });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const today = () => calendarDay(clock.now(), TZ);

  /** A saved-card payment of 1000 ₽ less 200 bonuses at the till: 800 ₽ by card. */
  const payAtTill = async (idempotencyKey: string, items?: object[]) => {
    clock.advance(3 * 60_000); // a fresh member code
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const paid = await till(t, key, 'POST', '/api/till/card-payment', {
      visitId: visit.json().visitId,
      sum: 1000,
      bonuses: 200,
      idempotencyKey,
      ...(items ? { items } : {}),
    });
    expect(paid.json()).toMatchObject({ state: 'COMPLETED', paidByCard: 800 });
    return paid.json().operationId as string;
  };
  const refundAtTill = async (operationId: string) => {
    const refunded = await till(t, key, 'POST', `/api/till/operations/${operationId}/refund`);
    expect(refunded.json()).toMatchObject({ state: 'REFUNDED' });
  };

  const report = async (from: string, to: string) => {
    const response = await t.app.inject({
      url: `/api/operator/reports?from=${from}&to=${to}`,
      headers: asOperator,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().fiscal as ReportFiscal;
  };
  const csv = async (from: string, to: string) => {
    const response = await t.app.inject({
      url: `/api/operator/reports/csv?from=${from}&to=${to}`,
      headers: asOperator,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().csv as string;
  };

  it('cloud mode: the pending sum before the job, 0 after it; a refund counts on its own day on both sides', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const first = today();
    const shop = await payByCard(t, SHOPPER, 500);
    const { order } = await buyAndPay(t);
    const kept = await payAtTill('recon-till-0001');
    const refundedSameDay = await payAtTill('recon-till-0002');
    await refundAtTill(refundedSameDay);
    const gift = order.bill.total * 100;

    const before = await report(first, first);
    expect(before.mode).toBe('cloud');
    const money = {
      shop: shop.leftToPay,
      giftCards: gift,
      tillCard: 80_000,
      total: shop.leftToPay + gift + 80_000,
    };
    expect(before.total.money).toEqual(money);
    // Nothing issued yet: the whole sum is pending, and the row says so.
    expect(before.total.receipts).toEqual({ issued: 0, pending: money.total, failed: 0 });
    expect(before.total).toMatchObject({ difference: money.total, reasons: ['pending'] });

    for (let run = 0; run < 3; run++) {
      await sendDueReceipts(t.deps);
      clock.advance(15_000);
    }
    const after = await report(first, first);
    expect(after.total.receipts).toEqual({ issued: money.total, pending: 0, failed: 0 });
    expect(after.total).toMatchObject({ difference: 0, reasons: [] });
    expect(after.days).toEqual([{ day: first, ...after.total }]);

    // The kept payment refunded the next day: the money and its refund receipt both on that day.
    clock.advance(DAY_MS);
    const second = today();
    await refundAtTill(kept);
    for (let run = 0; run < 3; run++) {
      await sendDueReceipts(t.deps);
      clock.advance(15_000);
    }
    const two = await report(first, second);
    expect(two.days.map((d) => [d.day, d.money.tillCard, d.receipts.issued, d.difference])).toEqual([
      [first, 80_000, money.total, 0],
      [second, -80_000, -80_000, 0],
    ]);
    expect(two.total).toMatchObject({ difference: 0, reasons: [] });

    const text = await csv(first, second);
    expect(text).toContain('Сверка денег с фискальными чеками (54-ФЗ)\r\nЧеки выдаёт;облачной кассой\r\n');
    expect(text).toContain(
      `Деньги картой и СБП всего, ₽;${((money.total - 80_000) / 100).toFixed(2).replace('.', ',')}\r\n`,
    );
    expect(text).toContain('Разница (деньги − выданные чеки), ₽;0,00\r\n');
    expect(text).toContain(
      `${second.split('-').reverse().join('.')};0,00;0,00;-800,00;-800,00;-800,00;0,00;0,00;0,00;\r\n`,
    );
  });

  it('cloud mode: a receipt the provider refused is the difference, with its explanation', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    fake.refuseWith = 'Неверный ИНН';
    const shop = await payByCard(t, SHOPPER, 300);
    for (let run = 0; run < 3; run++) {
      await sendDueReceipts(t.deps);
      clock.advance(15_000);
    }
    const day = today();
    const { total } = await report(day, day);
    expect(total.receipts).toEqual({ issued: 0, pending: 0, failed: shop.leftToPay });
    expect(total).toMatchObject({ difference: shop.leftToPay, reasons: ['failed'] });
    expect(await csv(day, day)).toContain('повторите их в разделе «Фискальные чеки»');
  });

  it('cloud mode: a return by lines counts its part of the card money on its own day, as its receipt does', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const first = today();
    const operationId = await payAtTill('recon-till-0007', [
      { name: 'Кофе', quantity: 2, price: 300, sum: 600 },
      { name: 'Сыр', quantity: 1, price: 400, sum: 400 },
    ]);
    clock.advance(DAY_MS);
    const second = today();
    const body = { items: [{ line: 2, quantity: 1 }], idempotencyKey: 'recon-return-1' };
    const returned = await till(t, key, 'POST', `/api/till/operations/${operationId}/return`, body);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().refundedToCard).toBe(320); // 400 ₽ less its 80 ₽ of bonuses
    for (let run = 0; run < 3; run++) {
      await sendDueReceipts(t.deps);
      clock.advance(15_000);
    }
    const fiscal = await report(first, second);
    expect(fiscal.days.map((d) => [d.day, d.money.tillCard, d.receipts.issued, d.difference])).toEqual([
      [first, 80_000, 80_000, 0],
      [second, -32_000, -32_000, 0],
    ]);
  });

  it('gateway mode: the carts given to the bank are issued with the payment, 0 at once', async () => {
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
    const shop = await payByCard(t, SHOPPER, 400);
    await payAtTill('recon-till-0006');
    const day = today();
    const fiscal = await report(day, day);
    expect(fiscal.mode).toBe('gateway');
    const total = shop.leftToPay + 80_000;
    expect(fiscal.total).toMatchObject({
      money: { total },
      receipts: { issued: total, pending: 0, failed: 0 },
      difference: 0,
      reasons: [],
    });
    expect(await csv(day, day)).toContain('Чеки выдаёт;платёжным шлюзом\r\n');
  });

  it('till mode: the money is shown and the row does not apply', async () => {
    const shop = await payByCard(t, SHOPPER, 500);
    await payAtTill('recon-till-0003');
    const day = today();
    const fiscal = await report(day, day);
    expect(fiscal.mode).toBe('till');
    expect(fiscal.total).toMatchObject({
      money: { shop: shop.leftToPay, giftCards: 0, tillCard: 80_000, total: shop.leftToPay + 80_000 },
      receipts: { issued: 0, pending: 0, failed: 0 },
      difference: null,
      reasons: ['tillMode'],
    });
    const text = await csv(day, day);
    expect(text).toContain('Чеки выдаёт;кассой магазина\r\n');
    expect(text).toContain('Разница (деньги − выданные чеки), ₽;не применяется\r\n');
  });

  it('the migration’s backfill gives the completion and refund times and the receipts’ card part the code writes', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    await payByCard(t, SHOPPER, 500);
    const kept = await payAtTill('recon-till-0004');
    const refunded = await payAtTill('recon-till-0005');
    clock.advance(DAY_MS);
    await refundAtTill(refunded);
    const times = async () =>
      (
        await t.deps.db
          .select({
            id: tillOperations.id,
            completedAt: tillOperations.completedAt,
            refundedAt: tillOperations.refundedAt,
          })
          .from(tillOperations)
      ).sort((a, b) => a.id.localeCompare(b.id));
    const written = await times();
    expect(written.find((row) => row.id === kept)!.refundedAt).toBeNull();
    expect(written.find((row) => row.id === refunded)!.refundedAt!.getTime()).toBe(clock.now().getTime());
    expect(written.find((row) => row.id === refunded)!.completedAt!.getTime()).toBeLessThan(
      clock.now().getTime() - DAY_MS / 2,
    );
    // As before the migration: no times; its UPDATE statements (the lead renumbers the file, so found by name).
    const electronic = async () =>
      (
        await t.deps.db
          .select({ id: fiscalReceipts.id, electronic: fiscalReceipts.electronic })
          .from(fiscalReceipts)
      ).sort((a, b) => a.id.localeCompare(b.id));
    const receipts = await electronic();
    expect(receipts.map((r) => r.electronic).sort()).toEqual([50_000, 80_000, 80_000, 80_000]);
    await t.deps.db.execute(sql`update till_operations set completed_at = null, refunded_at = null`);
    await t.deps.db.execute(sql`update fiscal_receipts set electronic = 0`);
    const dir = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(dir).find((name) => name.endsWith('_till_completed_at.sql'))!;
    for (const statement of readFileSync(new URL(file, dir), 'utf8').split('--> statement-breakpoint')) {
      const code = statement.replace(/^\s*--.*$/gm, '').trim();
      if (code.startsWith('UPDATE')) await t.deps.db.execute(sql.raw(code));
    }
    expect(await times()).toEqual(written);
    expect(await electronic()).toEqual(receipts);
  });
});
