import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import {
  completeDraft,
  createDraft,
  customerWithBonuses,
  payOnSandbox,
  processDraft,
} from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const PHONE = '79005550052';
/** A number and its unit as the formats write them: '1 500,00 ₽' with non-breaking spaces. */
const nbsp = (text: string) => text.replace(/(?<=\d) (?=\d|₽|бонус)/g, '\u00a0');

/**
 * The cheque as the customer reads it (decision 052): sums in roubles with two decimals and the thousands
 * apart, bonuses as bonuses with their plural form, the brand's legal entity, a number.
 */
describe('the cheque’s texts', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  /** 1 500 ₽ at the 3% point: 750 bonuses (the 50% limit), 750 ₽ by card, 22,50 bonuses earned. */
  async function paidCheque() {
    await customerWithBonuses(t, PHONE, 1000);
    const draft = await createDraft(t, PHONE, { paySum: 1500, spendBonus: true, payType: 'CARD' });
    const { formUrl } = (await processDraft(t, PHONE, draft.draftId)).json().data;
    await payOnSandbox(t, formUrl, '4111 1111 1111 1111');
    const done = (await completeDraft(t, PHONE, draft.draftId)).json().data;
    expect(done).toMatchObject({ earned: 22.5 });
    const url = new URL(done.chequeUrl as string);
    return { draftId: draft.draftId as string, path: url.pathname + url.search };
  }

  it('writes bonuses as bonuses and sums as roubles, with the seller and a number', async () => {
    const { draftId, path } = await paidCheque();
    const cheque = await t.app.inject({ url: path });
    expect(cheque.statusCode).toBe(200);
    const text = cheque.body.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');
    expect(text).toContain(`Чек № ${draftId.slice(0, 8).toUpperCase()}`);
    expect(text).toContain(nbsp('Сумма покупки 1 500,00 ₽'));
    expect(text).toContain(nbsp('Оплачено бонусами 750 бонусов'));
    expect(text).toContain(nbsp('Оплачено банковской картой 750,00 ₽'));
    expect(text).toContain(nbsp('Начислено 22,50 бонуса'));
    expect(text).not.toMatch(/22,50\s₽/);
    expect(text).toContain('Продавец: ООО «Берёзка Ритейл»');
    expect(text).toContain('ИНН 1655123456, КПП 165501001');
    // The brand's look without script: its logo and its colour.
    expect(cheque.body).toContain('src="/api/proxy/pictures/xxhdpi_logo_small"');
    expect(cheque.body).toMatch(/--primary:#2E7D32/i);
    expect(cheque.body).not.toMatch(/<script/i);

    const sent = await callAs(t, PHONE, 'POST', '/api/loyalty/sendCheque', {
      draftId,
      email: 'b@example.com',
    });
    expect(sent.json()).toEqual({ code: 0 });
    const [mail] = (await t.app.inject({ url: '/api/dev/mail?to=b@example.com' })).json();
    expect(mail.text).toContain(nbsp('Сумма: 1 500,00 ₽'));
    expect(mail.text).toContain(nbsp('Оплачено бонусами: 750 бонусов'));
    expect(mail.text).toContain(nbsp('Начислено: 22,50 бонуса'));
    expect(mail.text).not.toMatch(/\d\.\d\d ₽/);
  }, 90_000);

  it('names the brand alone, with no INN, when the operator has not set the legal entity', async () => {
    await t.deps.db.execute(sql`update brand_settings set settings = settings - 'invoiceSeller'`);
    const { path } = await paidCheque();
    const text = (await t.app.inject({ url: path })).body.replace(/<[^>]+>/g, ' ');
    expect(text).toContain('Продавец: Программа лояльности «Берёзка»');
    expect(text).not.toContain('ИНН');
  }, 90_000);
});
