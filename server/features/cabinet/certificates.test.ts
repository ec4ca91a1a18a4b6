import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { certificates } from '#server/db/schema/cabinet';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { callAs, DEMO_PHONE, infoOf, issueCertificate, registeredCustomer } from '#server/test/cabinet-kit';

const PHONE = '79004440001';
const activate = (t: TestApp, ids: string[], phone = PHONE) =>
  callAs(t, phone, 'PATCH', '/api/user/activateCert', { phone, ids });
const moneyOf = async (t: TestApp, phone = PHONE) => (await infoOf(t, phone)).balance.amount;
const operationsOf = async (t: TestApp, phone = PHONE) =>
  (await callAs(t, phone, 'GET', '/api/user/operations')).json();

describe('certificates', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db);
    await t.close();
  });

  it('lists the demo customer’s certificates and activates the pending one into the money balance', async () => {
    const listed = await callAs(t, DEMO_PHONE, 'POST', '/api/user/getCerts', { phone: DEMO_PHONE });
    const { certificates: list } = listed.json();
    expect(list).toHaveLength(2);
    const pending = list.find((c: { activated: boolean }) => !c.activated);
    expect(pending).toMatchObject({
      title: 'Подарочный сертификат на 1 000 ₽',
      nominal: 1000,
      activatedAt: null,
    });
    expect(pending.validTo).toMatch(/^\d{4}-12-31$/);
    expect(list.find((c: { activated: boolean }) => c.activated)).toMatchObject({ nominal: 500 });
    expect(await moneyOf(t, DEMO_PHONE)).toBe(500);

    const response = await activate(t, [pending._id], DEMO_PHONE);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.certificates.find((c: { _id: string }) => c._id === pending._id)).toMatchObject({
      activated: true,
    });
    expect(await moneyOf(t, DEMO_PHONE)).toBe(1500);
    const [newest] = (await operationsOf(t, DEMO_PHONE)).operations;
    expect(newest).toMatchObject({
      place: 'Сертификат «Подарочный сертификат на 1 000 ₽»',
      type: 'DEPOSIT',
      state: 'PROCESSED',
      amount: 1000,
      amountEarn: 0,
      amountSpend: 0,
    });
  });

  it('credits once however often the activation is repeated, in turn or in parallel', async () => {
    await registeredCustomer(t, PHONE);
    const id = await issueCertificate(t, PHONE, { nominal: 75_050 });
    const sequential = [await activate(t, [id]), await activate(t, [id])];
    for (const r of sequential) expect(r.statusCode).toBe(200);
    expect(await moneyOf(t)).toBe(750.5);

    const other = await issueCertificate(t, PHONE, { nominal: 20_000 });
    const parallel = await Promise.all([1, 2, 3, 4, 5].map(() => activate(t, [other, other])));
    for (const r of parallel) expect(r.statusCode).toBe(200);
    expect(await moneyOf(t)).toBe(950.5);
    const history = await operationsOf(t);
    expect(history.total).toBe(2);
    expect(history.operations.map((o: { amount: number }) => o.amount).sort()).toEqual([200, 750.5]);
  });

  it('activates for a customer without a card yet (their accounts open on first use)', async () => {
    const id = await issueCertificate(t, PHONE, { nominal: 30_000 });
    expect((await activate(t, [id])).statusCode).toBe(200);
    await registeredCustomer(t, PHONE);
    expect(await moneyOf(t)).toBe(300);
  });

  it('refuses the whole request when any id is unknown or another phone’s, and changes nothing', async () => {
    await registeredCustomer(t, PHONE);
    const own = await issueCertificate(t, PHONE);
    const foreign = await issueCertificate(t, '79004440002');
    for (const ids of [[own, foreign], [own, '00000000-0000-4000-8000-0000000000ff'], [foreign]]) {
      const response = await activate(t, ids);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Сертификат не найден');
    }
    const rows = await t.deps.db.select().from(certificates).where(eq(certificates.id, own));
    expect(rows[0]?.activatedAt).toBeNull();
    expect(await moneyOf(t)).toBe(0);
    expect((await operationsOf(t)).total).toBe(0);
  });

  it('refuses an expired certificate (and the rest of that request)', async () => {
    await registeredCustomer(t, PHONE);
    const fresh = await issueCertificate(t, PHONE);
    const expired = await issueCertificate(t, PHONE, { validTo: '2020-12-31' });
    const response = await activate(t, [fresh, expired]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Срок действия сертификата истёк');
    expect(await moneyOf(t)).toBe(0);
    expect((await activate(t, [fresh])).statusCode).toBe(200);
    expect(await moneyOf(t)).toBe(1000);
  });

  it('answers only for the caller’s own phone (403), and validates the ids', async () => {
    await registeredCustomer(t, PHONE);
    const demoCertificates = await callAs(t, PHONE, 'POST', '/api/user/getCerts', { phone: DEMO_PHONE });
    expect(demoCertificates.statusCode).toBe(403);
    expect(demoCertificates.json().code).toBe('NOT_OWN_PHONE');
    const demoPending = (await callAs(t, DEMO_PHONE, 'POST', '/api/user/getCerts', { phone: DEMO_PHONE }))
      .json()
      .certificates.find((c: { activated: boolean }) => !c.activated);
    const stolen = await callAs(t, PHONE, 'PATCH', '/api/user/activateCert', {
      phone: DEMO_PHONE,
      ids: [demoPending._id],
    });
    expect(stolen.statusCode).toBe(403);
    expect(await moneyOf(t, DEMO_PHONE)).toBe(500);
    for (const ids of [[], ['not-a-uuid']]) {
      const bad = await activate(t, ids);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^Неверные данные: /);
    }
    expect((await callAs(t, PHONE, 'POST', '/api/user/getCerts', { phone: PHONE })).json()).toEqual({
      certificates: [],
    });
  });
});
