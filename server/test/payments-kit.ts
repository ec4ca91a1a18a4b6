// Helpers for the payment API tests: a customer with bonuses, the loyalty calls, and the sandbox bank pages.
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema/auth';
import { inTransaction } from '../db/in-transaction';
import type { TestApp } from './test-app';
import { callAs } from './cabinet-kit';
import { balancesOf, customerAccounts, postTransaction, transfer } from '../core/ledger';
import { fromRoubles, kopecks } from '../core/money';
import { postingKey } from '../db/posting-kinds';
import { SYSTEM_ACCOUNTS } from '../db/system-accounts';

/** Demo point 1: earns 3%. */
export const POINT = 1;
export const RETURN_URL = 'http://localhost:3000/loyalty/finish?p=1';

/** Logs the phone in (creating the customer) and credits `bonuses` roubles of bonuses; answers the user id. */
export async function customerWithBonuses(t: TestApp, phone: string, bonuses: number): Promise<string> {
  await callAs(t, phone, 'POST', '/api/loyalty/getUserBalance', {});
  const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!user) throw new Error('customer not created by login');
  if (bonuses > 0) {
    await inTransaction(t.deps.db, async (tx) => {
      const accounts = await customerAccounts(tx, user.id);
      await postTransaction(tx, {
        idempotencyKey: postingKey('test_credit', user.id, bonuses),
        kind: 'test_credit',
        entries: transfer(SYSTEM_ACCOUNTS.bonus_issued, accounts.bonus, fromRoubles(bonuses)),
      });
    });
  }
  return user.id;
}

export async function setMaxSpendPercent(t: TestApp, percent: number) {
  await t.deps.db.execute(
    sql`update brand_settings set settings = jsonb_set(settings, '{maxSpendPercent}', to_jsonb(${percent}::int))`,
  );
}

export const bonusesOf = async (t: TestApp, phone: string): Promise<number> =>
  (await callAs(t, phone, 'POST', '/api/loyalty/getUserBalance', {})).json().balance.availableAmount;

export async function createDraft(t: TestApp, phone: string, body: object) {
  const response = await callAs(t, phone, 'POST', '/api/loyalty/createDraft', {
    retailPointId: POINT,
    ...body,
  });
  if (response.statusCode !== 200) throw new Error(`createDraft ${response.statusCode}: ${response.body}`);
  return response.json().data;
}

export const processDraft = (t: TestApp, phone: string, draftId: string, body: object = {}) =>
  callAs(t, phone, 'POST', '/api/loyalty/processDraft', { draftId, returnUrl: RETURN_URL, ...body });

export const completeDraft = (t: TestApp, phone: string, draftId: string) =>
  callAs(t, phone, 'POST', '/api/loyalty/completeDraft', { draftId });

/** The path of a form URL on this server (`http://localhost:3000/sandbox/pay/<id>` -> `/sandbox/pay/<id>`). */
export const pathOf = (formUrl: string) => new URL(formUrl).pathname;

/** Submits the sandbox card page as a browser would (a plain form post). */
export const payOnSandbox = (t: TestApp, formUrl: string, pan: string, expiry = '12/30', cvc = '123') =>
  t.app.inject({
    method: 'POST',
    url: pathOf(formUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pan, expiry, cvc }).toString(),
  });

export const answerSbp = (t: TestApp, formUrl: string, answer: 'confirm' | 'decline') =>
  t.app.inject({
    method: 'POST',
    url: pathOf(formUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ answer }).toString(),
  });

/** Credits `roubles` to the customer's money-like balance, as an activated certificate would. */
export async function creditMoney(t: TestApp, userId: string, roubles: number, key = 'test') {
  await inTransaction(t.deps.db, async (tx) => {
    const accounts = await customerAccounts(tx, userId);
    await postTransaction(tx, {
      idempotencyKey: postingKey('test_credit', 'money', userId, key),
      kind: 'test_credit',
      entries: transfer(SYSTEM_ACCOUNTS.certificates_issued, accounts.money, fromRoubles(roubles)),
    });
  });
}

export const moneyOf = async (t: TestApp, phone: string): Promise<number> =>
  (await callAs(t, phone, 'POST', '/api/loyalty/getUserBalance', {})).json().balance.amount;

/** The customer spends `amount` kopecks of their bonuses elsewhere (all by default): less left to take back. */
export async function spendBonusesElsewhere(
  t: TestApp,
  userId: string,
  idempotencyKey: string,
  amount?: number,
) {
  const { bonus } = await customerAccounts(t.deps.db, userId);
  const spent = amount ?? (await balancesOf(t.deps.db, userId)).bonus;
  await postTransaction(t.deps.db, {
    idempotencyKey,
    kind: 'test_credit',
    entries: transfer(bonus, SYSTEM_ACCOUNTS.bonus_spent, kopecks(spent)),
  });
}
