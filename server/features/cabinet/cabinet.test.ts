import { OPERATIONS_PAGE_SIZE } from '#common/contract/codes';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { users } from '#server/db/schema/auth';
import { operations } from '#server/db/schema/cabinet';
import { DEMO_CUSTOMER } from '#server/db/seed/demo-customer';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { readBrandSettings, saveBrandSettings } from '#server/core/brand-settings';
import { isLuhnValid } from './card-numbers';
import { PLASTIC_CARD_TRIES } from './card-registration';
import { callAs, DEMO_PHONE, infoOf, PROFILE, registeredCustomer } from '#server/test/cabinet-kit';

const userRow = async (t: TestApp, phone: string) =>
  (await t.deps.db.select().from(users).where(eq(users.phone, phone)))[0];

describe('cabinet: user info and card registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => assertLedgerInvariants(t.deps.db));
  afterAll(() => t.close());

  it('answers code 3 for a phone without a card, and the registration step says not actual', async () => {
    expect(await infoOf(t, '79001110001')).toEqual({
      code: 3,
      message: 'Карта не зарегистрирована',
      phone: '79001110001',
    });
    const step = await callAs(t, '79001110001', 'POST', '/api/user/registration', {});
    expect(step.json()).toEqual({ code: 0, actual: false });
    expect((await userRow(t, '79001110001'))?.signedInAt).toBeInstanceOf(Date);
  });

  it('issues a Luhn-valid 16-digit card with a member-code secret; a second call issues nothing', async () => {
    const phone = '79001110002';
    const registered = await registeredCustomer(t, phone, {
      ...PROFILE,
      middleName: 'Олегович',
      email: 'ivan@example.ru',
      birthDate: '01.02.1985',
      refererID: '7770000000000011',
    });
    expect(registered.code).toBe(0);
    const info = await infoOf(t, phone);
    expect(info).toEqual(registered);
    expect(info.info).toMatchObject({
      firstName: 'Иван',
      middleName: 'Олегович',
      lastName: 'Петров',
      email: 'ivan@example.ru',
      phone,
      birthDate: '01.02.1985',
    });
    const [card] = info.info.cards;
    expect(info.info.cards).toHaveLength(1);
    expect(card.cardNum).toMatch(/^7770\d{12}$/);
    expect(isLuhnValid(card.cardNum)).toBe(true);
    expect(card.qrSalt).toMatch(/^[A-Z2-7]{32}$/);
    expect(card).toMatchObject({ active: true, locked: false, balance: { balance: 0, amount: 0 } });
    expect(info.salt).toBe(card.qrSalt);
    expect(info.balance).toEqual({ balance: 0, amount: 0 });

    const again = await callAs(t, phone, 'POST', '/api/user/newCard', PROFILE);
    expect(again.statusCode).toBe(200);
    expect(again.json().info.cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
    const row = await userRow(t, phone);
    expect(row?.referrerId).toBe('7770000000000011');
    expect(row?.registeredAt).toBeInstanceOf(Date);
    expect((await callAs(t, phone, 'POST', '/api/user/registration', {})).json()).toEqual({
      code: 0,
      actual: true,
    });
  });

  it('five parallel registrations of one customer issue one card', async () => {
    const phone = '79001110006';
    await loginAs(t, phone);
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map(() => callAs(t, phone, 'POST', '/api/user/newCard', PROFILE)),
    );
    for (const r of responses) expect(r.statusCode).toBe(200);
    const info = await infoOf(t, phone);
    expect(info.info.cards).toHaveLength(1);
    expect(info.info.cards[0].active).toBe(true);
  });

  it('binds a plastic card; one held by another customer answers like a wrong number and changes nothing', async () => {
    const phone = '79001110003';
    const taken = await callAs(t, phone, 'POST', '/api/user/newCard', {
      ...PROFILE,
      cardNum: DEMO_CUSTOMER.cardNum,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toHaveProperty('cardNum');
    expect((await infoOf(t, phone)).code).toBe(3);
    expect((await userRow(t, phone))?.firstName).toBe('');

    const typo = await callAs(t, phone, 'POST', '/api/user/newCard', {
      ...PROFILE,
      cardNum: '7770000000000012',
    });
    // A registered number cannot be told from a mistyped one (decision 048).
    expect(typo.statusCode).toBe(taken.statusCode);
    expect(typo.json()).toEqual(taken.json());

    const bound = await callAs(t, phone, 'POST', '/api/user/newCard', {
      ...PROFILE,
      cardNum: '4000000000000002',
      refererID: '4000000000000002',
    });
    expect(bound.statusCode).toBe(200);
    // A customer cannot refer themselves.
    expect((await userRow(t, phone))?.referrerId).toBeNull();
    expect(bound.json().info.cards.map((c: { cardNum: string }) => c.cardNum)).toEqual(['4000000000000002']);
    const rebound = await callAs(t, phone, 'POST', '/api/user/newCard', {
      ...PROFILE,
      cardNum: '4000000000000002',
    });
    expect(rebound.json().info.cards).toHaveLength(1);
  });

  it('limits the plastic numbers one customer may try, so registered numbers cannot be listed', async () => {
    const phone = '79001110007';
    await loginAs(t, phone);
    const tries = [];
    for (let i = 0; i < PLASTIC_CARD_TRIES.max + 1; i++) {
      tries.push(
        await callAs(t, phone, 'POST', '/api/user/newCard', { ...PROFILE, cardNum: DEMO_CUSTOMER.cardNum }),
      );
    }
    expect(tries.slice(0, -1).map((r) => r.statusCode)).toEqual(Array(PLASTIC_CARD_TRIES.max).fill(400));
    expect(tries.at(-1)!.statusCode).toBe(429);
    expect(tries.at(-1)!.json().code).toBe('TOO_MANY_REQUESTS');
    // Past the limit even a free number waits: the answer says nothing about any number.
    const free = await callAs(t, phone, 'POST', '/api/user/newCard', {
      ...PROFILE,
      cardNum: '4000000000000002',
    });
    expect(free.statusCode).toBe(429);
    expect((await infoOf(t, phone)).code).toBe(3);
  });

  it('requires a card number when the brand’s creditCard setting is on', async () => {
    const settings = await readBrandSettings(t.deps.db);
    await saveBrandSettings(t.deps.db, t.deps.cache, { ...settings, creditCard: true });
    try {
      const phone = '79001110004';
      const refused = await callAs(t, phone, 'POST', '/api/user/newCard', PROFILE);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('Обязательное поле');
      expect(refused.json().fields).toEqual({ cardNum: 'Обязательное поле' });
      expect((await infoOf(t, phone)).code).toBe(3);
      const bound = await callAs(t, phone, 'POST', '/api/user/newCard', {
        ...PROFILE,
        cardNum: '5555555555554444',
      });
      expect(bound.json().code).toBe(0);
    } finally {
      await saveBrandSettings(t.deps.db, t.deps.cache, settings);
    }
  });

  it('refuses bad input with a message naming the field, and stores nothing', async () => {
    const phone = '79001110005';
    const bad = [
      { ...PROFILE, email: 'not-an-email' },
      { ...PROFILE, birthDate: '31.02.1990' },
      { ...PROFILE, birthDate: '1990-05-14' },
      { ...PROFILE, firstName: '' },
      { ...PROFILE, cardNum: '1234' },
      { ...PROFILE, phone: '79001110099' },
    ];
    for (const payload of bad) {
      const response = await callAs(t, phone, 'POST', '/api/user/newCard', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/^Неверные данные: /);
    }
    expect((await infoOf(t, phone)).code).toBe(3);
    expect((await userRow(t, phone))?.email).toBe('');
  });
});

describe('cabinet: profile edits and the active card', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => assertLedgerInvariants(t.deps.db));
  afterAll(() => t.close());

  it('edits names and e-mail; the birth date is set once and then read-only; the phone never changes', async () => {
    const phone = '79002220001';
    await registeredCustomer(t, phone);
    const set = await callAs(t, phone, 'POST', '/api/user/edit', {
      firstName: 'Мария',
      lastName: 'Смирнова',
      email: 'maria@example.ru',
      birthDate: '14.05.1990',
    });
    expect(set.json().info).toMatchObject({
      firstName: 'Мария',
      lastName: 'Смирнова',
      middleName: '',
      email: 'maria@example.ru',
      birthDate: '14.05.1990',
    });
    const change = await callAs(t, phone, 'POST', '/api/user/edit', {
      firstName: 'Ольга',
      lastName: 'Смирнова',
      birthDate: '15.05.1990',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe('Дата рождения уже указана');
    const after = await infoOf(t, phone);
    expect(after.info).toMatchObject({ firstName: 'Мария', birthDate: '14.05.1990', phone });

    const keep = await callAs(t, phone, 'POST', '/api/user/edit', {
      firstName: 'Ольга',
      lastName: 'Смирнова',
    });
    expect(keep.json().info).toMatchObject({ firstName: 'Ольга', email: '', birthDate: '14.05.1990' });
    const same = await callAs(t, phone, 'POST', '/api/user/edit', {
      firstName: 'Ольга',
      lastName: 'Смирнова',
      birthDate: '14.05.1990',
    });
    expect(same.statusCode).toBe(200);
    const phoneChange = await callAs(t, phone, 'POST', '/api/user/edit', {
      ...PROFILE,
      phone: '79002220099',
    });
    expect(phoneChange.statusCode).toBe(400);
    expect((await infoOf(t, phone)).info.phone).toBe(phone);
  });

  it('the session edit works without a card; the cabinet edit without one answers code 3 and saves nothing', async () => {
    const phone = '79002220002';
    const cabinet = await callAs(t, phone, 'POST', '/api/user/edit', {
      firstName: 'Пётр',
      lastName: 'Козлов',
    });
    expect(cabinet.json()).toMatchObject({ code: 3 });
    expect((await userRow(t, phone))?.firstName).toBe('');
    const session = await callAs(t, phone, 'POST', '/api/session/edit', {
      firstName: 'Пётр',
      lastName: 'Козлов',
      birthDate: '03.03.2000',
    });
    expect(session.json()).toEqual({ code: 0 });
    expect(await userRow(t, phone)).toMatchObject({
      firstName: 'Пётр',
      lastName: 'Козлов',
      birthDate: '2000-03-03',
    });
    const refused = await callAs(t, phone, 'POST', '/api/session/edit', {
      ...PROFILE,
      birthDate: '04.03.2000',
    });
    expect(refused.statusCode).toBe(400);
    expect((await userRow(t, phone))?.firstName).toBe('Пётр');
  });

  it('switches the active card among the customer’s own; another’s card is a 404 and changes nothing', async () => {
    const phone = '79002220003';
    const first = (await registeredCustomer(t, phone)).info.cards[0];
    const second = (
      await callAs(t, phone, 'POST', '/api/user/newCard', { ...PROFILE, cardNum: '4111111111111111' })
    ).json();
    expect(second.info.cards.map((c: { active: boolean }) => c.active)).toEqual([true, false]);
    const secondId = second.info.cards[1].id;

    const demoCardId = (await infoOf(t, DEMO_PHONE)).info.cards[0].id;
    for (const id of [demoCardId, '00000000-0000-4000-8000-00000000abcd']) {
      const foreign = await callAs(t, phone, 'PUT', '/api/user/setActiveCard', { id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Карта не найдена');
    }
    expect((await infoOf(t, phone)).salt).toBe(first.qrSalt);
    expect((await infoOf(t, DEMO_PHONE)).info.cards[0].active).toBe(true);

    const switched = await callAs(t, phone, 'PUT', '/api/user/setActiveCard', { id: secondId });
    expect(switched.json()).toEqual({ code: 0 });
    const info = await infoOf(t, phone);
    expect(info.info.cards.map((c: { active: boolean }) => c.active)).toEqual([false, true]);
    expect(info.salt).toBe(info.info.cards[1].qrSalt);
    expect((await callAs(t, phone, 'PUT', '/api/user/setActiveCard', { id: secondId })).statusCode).toBe(200);
    expect((await callAs(t, phone, 'PUT', '/api/user/setActiveCard', { id: 'x' })).statusCode).toBe(400);
  });
});

describe('cabinet: operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => assertLedgerInvariants(t.deps.db));
  afterAll(() => t.close());

  it('pages the demo customer’s operations newest first', async () => {
    const first = (await callAs(t, DEMO_PHONE, 'GET', '/api/user/operations')).json();
    expect(first).toMatchObject({ page: 1, pageSize: OPERATIONS_PAGE_SIZE, total: 31 });
    expect(first.operations).toHaveLength(OPERATIONS_PAGE_SIZE);
    const second = (await callAs(t, DEMO_PHONE, 'GET', '/api/user/operations?page=2')).json();
    expect(second.operations).toHaveLength(31 - OPERATIONS_PAGE_SIZE);
    const dates = [...first.operations, ...second.operations].map((o: { date: string }) =>
      Date.parse(o.date),
    );
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const ids = new Set([...first.operations, ...second.operations].map((o: { id: string }) => o.id));
    expect(ids.size).toBe(31);
    expect(first.operations[0]).toMatchObject({ state: 'PROCESSED', type: 'PAYMENT' });
    const empty = (await callAs(t, DEMO_PHONE, 'GET', '/api/user/operations?page=3')).json();
    expect(empty).toMatchObject({ operations: [], total: 31, page: 3 });
    expect((await callAs(t, DEMO_PHONE, 'GET', '/api/user/operations?page=0')).statusCode).toBe(400);
  });

  it('counts every operation written, in bulk or one by one, and forgets deleted ones', async () => {
    const phone = '79003330002';
    expect((await callAs(t, phone, 'GET', '/api/user/operations')).json()).toMatchObject({ total: 0 });
    const user = (await userRow(t, phone))!;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const row = (minutesAgo: number) => ({
      userId: user.id,
      place: `Магазин ${minutesAgo}`,
      occurredAt: at(minutesAgo),
      state: 'PROCESSED' as const,
      type: 'PAYMENT' as const,
    });
    // 25 in one statement, then one more: the newest, on top of page 1.
    await t.deps.db.insert(operations).values(Array.from({ length: 25 }, (_, i) => row(i + 10)));
    await t.deps.db.insert(operations).values(row(1));
    const first = (await callAs(t, phone, 'GET', '/api/user/operations')).json();
    expect(first).toMatchObject({ total: 26, page: 1 });
    expect(first.operations.map((o: { place: string }) => o.place).slice(0, 2)).toEqual([
      'Магазин 1',
      'Магазин 10',
    ]);
    const second = (await callAs(t, phone, 'GET', '/api/user/operations?page=2')).json();
    expect(second.operations.map((o: { place: string }) => o.place)).toEqual(
      [29, 30, 31, 32, 33, 34].map((m) => `Магазин ${m}`),
    );
    await t.deps.db.delete(operations).where(eq(operations.place, 'Магазин 1'));
    expect((await callAs(t, phone, 'GET', '/api/user/operations')).json()).toMatchObject({ total: 25 });
    // Somebody else's history is not this customer's.
    expect((await callAs(t, DEMO_PHONE, 'GET', '/api/user/operations')).json()).toMatchObject({ total: 31 });
  });

  it('session operations answer only for the caller’s own phone (403 otherwise)', async () => {
    const own = await callAs(t, DEMO_PHONE, 'POST', '/api/session/operations', {
      phone: DEMO_PHONE,
      page: 2,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ page: 2, total: 31 });
    const foreign = await callAs(t, '79003330001', 'POST', '/api/session/operations', { phone: DEMO_PHONE });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'NOT_OWN_PHONE' });
    expect(foreign.json().message).toBeTruthy();
    const newcomer = await callAs(t, '79003330001', 'GET', '/api/user/operations');
    expect(newcomer.json()).toEqual({ operations: [], page: 1, pageSize: OPERATIONS_PAGE_SIZE, total: 0 });
  });
});

describe('cabinet: every call needs a logged-in customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => assertLedgerInvariants(t.deps.db));
  afterAll(() => t.close());

  const calls: [string, string, object?][] = [
    ['GET', '/api/user/info'],
    ['POST', '/api/user/newCard', PROFILE],
    ['POST', '/api/user/edit', PROFILE],
    ['POST', '/api/session/edit', PROFILE],
    ['POST', '/api/user/registration', {}],
    ['PUT', '/api/user/setActiveCard', { id: '00000000-0000-4000-8000-000000000001' }],
    ['GET', '/api/user/operations'],
    ['POST', '/api/session/operations', { phone: DEMO_PHONE }],
    ['POST', '/api/user/getCerts', { phone: DEMO_PHONE }],
    ['PATCH', '/api/user/activateCert', { phone: DEMO_PHONE, ids: ['00000000-0000-4000-8000-000000000001'] }],
  ];

  it.each(calls)('%s %s answers 401 Invalid Token without a valid token', async (method, url, payload) => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const response = await t.app.inject({ method: method as 'GET', url, payload, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid Token', code: 'INVALID_TOKEN' });
    }
  });

  it.each(calls.filter(([, , payload]) => payload))(
    '%s %s checks the token before the input: bad input without a token is still 401',
    async (method, url) => {
      const response = await t.app.inject({ method: method as 'POST', url, payload: { bogus: 1 } });
      expect(response.statusCode).toBe(401);
    },
  );
});
