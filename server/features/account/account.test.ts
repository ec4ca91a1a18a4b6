// The customer's own data (docs/decisions/028): the copy, and deleting the account by the customer or operator.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '#common/contract/codes';
import { systemBalance } from '#server/core/ledger';
import { users } from '#server/db/schema/auth';
import { fakeClock, login, withBearer, type FakeClock } from '#server/test/auth-kit';
import { callAs, issueCertificate, registeredCustomer } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { loginAs } from '#server/test/login';
import {
  creditMoney,
  customerWithBonuses,
  createDraft,
  payOnSandbox,
  processDraft,
} from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const PHONE = '79005552801';
const OTHER = '79005552802';
const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
const CARDS_URL = 'http://localhost:3000/profile?t=cards';

describe("the customer's own data", () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const userOf = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('exports the profile, balances and every operation as JSON, and the operations as CSV for Excel', async () => {
    await registeredCustomer(t, PHONE, { firstName: 'Анна', lastName: 'Смирнова', email: 'a@example.ru' });
    const userId = await customerWithBonuses(t, PHONE, 150);
    await creditMoney(t, userId, 12.5);
    await issueCertificate(t, PHONE, { title: 'Сертификат; "праздничный"', nominal: 50_000 });
    await t.deps.db.execute(sql`
      insert into operations (user_id, place, occurred_at, amount_earn, amount, state, type)
      values (${userId}, '=Магазин, "Центр"', '2030-01-01T08:30:00Z', 1250, 41666, 'PROCESSED', 'PAYMENT')`);

    const response = await callAs(t, PHONE, 'GET', '/api/user/export');
    expect(response.statusCode).toBe(200);
    const { data, operationsCsv } = response.json();
    expect(data.profile).toMatchObject({
      phone: PHONE,
      firstName: 'Анна',
      lastName: 'Смирнова',
      email: 'a@example.ru',
      consentVersion: CONSENT_VERSION,
    });
    expect(data.balances).toEqual({ bonus: 150, money: 12.5 });
    expect(data.cards).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/qrSalt|qrSecret/);
    expect(data.operations).toHaveLength(1);
    expect(data.certificates).toEqual([
      expect.objectContaining({ title: 'Сертификат; "праздничный"', nominal: 500, activatedAt: null }),
    ]);

    // UTF-8 with a BOM, ';' between fields, decimal commas, CRLF; a quoted, formula-safe place.
    const lines = (operationsCsv as string).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFДата;Место;Операция;Статус;Сумма, ₽;Начислено бонусов;Списано бонусов;Списано с баланса, ₽;Товары',
    );
    // The demo brand's time zone is Moscow (UTC+3).
    expect(lines[1]).toBe(
      `01.01.2030 11:30;"'=Магазин, ""Центр""";Покупка;Проведена;416,66;12,50;0,00;0,00;`,
    );
    expect(lines[2]).toBe('');
  });

  it('refuses the copy without a login and changes nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/export' });
    expect(response.statusCode).toBe(401);
  });

  it('deletes an account after a fresh SMS confirmation: sessions, saved cards, balances, personal data, phone', async () => {
    await registeredCustomer(t, PHONE, { firstName: 'Анна', lastName: 'Смирнова' });
    const userId = await customerWithBonuses(t, PHONE, 300);
    await creditMoney(t, userId, 40);
    await issueCertificate(t, PHONE);
    // A saved bank card at the (sandbox) gateway.
    const { bindURL } = (
      await callAs(t, PHONE, 'POST', '/api/user/bindExtraPayment', { url: CARDS_URL })
    ).json();
    await payOnSandbox(t, bindURL, '4111 1111 1111 1111', '11/29');
    expect(await t.deps.acquirer.bindings!.listCards(userId)).toHaveLength(1);
    const token = await loginAs(t, PHONE);

    // A stale session must confirm by SMS first; a body without the explicit yes is refused. Nothing changes.
    clock.advance(6 * 60_000);
    const stale = await callAs(t, PHONE, 'POST', '/api/user/delete', { confirm: true });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('SMS_CONFIRMATION_REQUIRED');
    const { token: fresh } = await login(t, PHONE, '10.28.0.1');
    const badBody = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      payload: { confirm: false },
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(badBody.statusCode).toBe(400);
    expect((await userOf(userId)).deletedAt).toBeNull();

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      payload: { confirm: true },
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ code: 0 });

    // Every session ended, the old one too.
    for (const bearer of [token, fresh])
      expect((await withBearer(t, '/api/user/info', bearer)).statusCode).toBe(401);
    // The gateway no longer keeps the card.
    expect(await t.deps.acquirer.bindings!.listCards(userId)).toEqual([]);
    // The personal data is gone, the row stays for the ledger.
    const row = await userOf(userId);
    expect(row).toMatchObject({
      phone: `deleted-${userId}`,
      firstName: '',
      lastName: '',
      email: '',
      birthDate: null,
    });
    expect(row.deletedAt).not.toBeNull();
    // The balances were closed by one posting of their own, to the forfeited accounts.
    const balances = await t.deps.db.execute<{ kind: string; balance: string }>(
      sql`select kind, balance::text from ledger_accounts where user_id = ${userId} order by kind`,
    );
    expect((balances as unknown as { rows: unknown[] }).rows).toEqual([
      { kind: 'bonus', balance: '0' },
      { kind: 'money', balance: '0' },
    ]);
    expect(await systemBalance(t.deps.db, 'bonus_forfeited')).toBe(30_000);
    expect(await systemBalance(t.deps.db, 'money_forfeited')).toBe(4_000);
    const closing = await t.deps.db.execute<{ n: string }>(
      sql`select count(*)::text as n from ledger_transactions where kind = 'account_closed'`,
    );
    expect((closing as unknown as { rows: { n: string }[] }).rows[0]!.n).toBe('1');
    // The member code's secret changed and the cards are locked: an old screenshot of the QR pays nothing.
    const cardsLeft = await t.deps.db.execute<{ locked: boolean }>(
      sql`select locked from cards where user_id = ${userId}`,
    );
    expect((cardsLeft as unknown as { rows: { locked: boolean }[] }).rows.every((c) => c.locked)).toBe(true);

    // The phone registers afresh as a new customer, with no balance, history or certificates, and the consent.
    const again = await login(t, PHONE, '10.28.0.2');
    const info = (await withBearer(t, '/api/user/info', again.token)).json();
    expect(info.code).toBe(3);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/newCard',
      payload: { firstName: 'Анна', lastName: 'Новая' },
      headers: { authorization: `Bearer ${again.token}` },
    });
    expect(registered.json().balance).toEqual({ balance: 0, amount: 0 });
    const [newUser] = await t.deps.db.select().from(users).where(eq(users.phone, PHONE));
    expect(newUser!.id).not.toBe(userId);
    expect(newUser!.consentVersion).toBe(CONSENT_VERSION);
    const certs = await t.app.inject({
      method: 'POST',
      url: '/api/user/getCerts',
      payload: { phone: PHONE },
      headers: { authorization: `Bearer ${again.token}` },
    });
    expect(certs.json().certificates).toEqual([]);
  });

  it('waits while a payment holds bonuses: 409 and nothing changes', async () => {
    await registeredCustomer(t, PHONE);
    await customerWithBonuses(t, PHONE, 100);
    const draft = await createDraft(t, PHONE, { paySum: 300, payType: 'CARD', spendBonus: true });
    const processing = await processDraft(t, PHONE, draft.draftId);
    expect(processing.statusCode).toBe(200);
    const refused = await callAs(t, PHONE, 'POST', '/api/user/delete', { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ACCOUNT_BUSY');
    expect((await callAs(t, PHONE, 'GET', '/api/user/info')).json().code).toBe(0);
  });

  it('lets the operator delete a member by phone, and answers 404 for an unknown one', async () => {
    await registeredCustomer(t, OTHER);
    await customerWithBonuses(t, OTHER, 20);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/operator/members/delete',
      payload: { phone: '79005552899', reason: 'Письмо № 12' },
      headers: operator,
    });
    expect(unknown.statusCode).toBe(404);
    const badPhone = await t.app.inject({
      method: 'POST',
      url: '/api/operator/members/delete',
      payload: { phone: '+7 900', reason: 'Письмо № 12' },
      headers: operator,
    });
    expect(badPhone.statusCode).toBe(400);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/operator/members/delete',
      payload: { phone: OTHER, reason: 'Письмо № 12' },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await callAs(t, OTHER, 'GET', '/api/user/info')).json().code).toBe(0);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/operator/members/delete',
      payload: { phone: OTHER, reason: 'Письмо № 12' },
      headers: operator,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ bonusClosed: 20, moneyClosed: 0, sessionsEnded: 1, savedCardsRemoved: 0 });
    expect((await callAs(t, OTHER, 'GET', '/api/user/info')).statusCode).toBe(401);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/operator/members/delete',
      payload: { phone: OTHER, reason: 'Письмо № 12' },
      headers: operator,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('stops before anything changes when the gateway does not answer', async () => {
    await registeredCustomer(t, PHONE);
    await customerWithBonuses(t, PHONE, 10);
    const real = t.deps.acquirer;
    const down = async () => {
      throw new Error('gateway timeout');
    };
    t.deps.acquirer = { ...real, bindings: { ...real.bindings!, listCards: down } } as typeof real;
    const refused = await callAs(t, PHONE, 'POST', '/api/user/delete', { confirm: true });
    t.deps.acquirer = real;
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('BANK_UNAVAILABLE');
    const info = (await callAs(t, PHONE, 'GET', '/api/user/info')).json();
    expect(info).toMatchObject({ code: 0, balance: { balance: 10 } });
  });

  it('refuses a temporary payer (no phone) both the copy and the deletion', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/loyalty/createUser', payload: {} });
    const { token } = created.json();
    const headers = { authorization: `Bearer ${token}` };
    const copy = await t.app.inject({ method: 'GET', url: '/api/user/export', headers });
    expect(copy.statusCode).toBe(403);
    expect(copy.json().code).toBe('PHONE_LOGIN_REQUIRED');
    const deletion = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      payload: { confirm: true },
      headers,
    });
    expect(deletion.statusCode).toBe(403);
    expect(deletion.json().code).toBe('PHONE_LOGIN_REQUIRED');
  });
});
