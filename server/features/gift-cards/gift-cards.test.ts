import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCardDeliveries } from '#server/db/schema/gift-cards';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import {
  completeDraft,
  customerWithBonuses,
  payOnSandbox,
  POINT,
  processDraft,
} from '#server/test/payments-kit';
import {
  ALICE,
  BOB,
  BUYER,
  buyAndPay,
  CAROL,
  cardsOf,
  create,
  createOrder,
  DECLINED_CARD,
  GOOD_CARD,
  giftDraft,
  HOUR,
  ORDER,
  OTHER,
  outboxOf,
  setDiscount,
} from '#server/test/gift-cards-kit';
import { deliverDueGiftCards, DELIVERY } from './delivery';

describe('gift cards', () => {
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

  it('lists the pictures and the discount the brand sets', async () => {
    const images = await t.app.inject({ method: 'GET', url: '/api/gc/images' });
    expect(images.statusCode).toBe(200);
    expect(images.json().pictures).toEqual(
      [1, 2, 3, 4].map((n) => ({ id: `gift-${n}.webp`, imageUrl: `/api/proxy/pictures/gift-${n}.webp` })),
    );
    // Content like the FAQ: kept per change, with an ETag a browser revalidates cheaply.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/gc/images',
      headers: { 'if-none-match': String(images.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const discount = () => t.app.inject({ method: 'GET', url: '/api/gc/discount' }).then((r) => r.json());
    expect(await discount()).toEqual({ data: { percentRate: 0 } });
    await setDiscount(t, true, 7.5);
    expect(await discount()).toEqual({ data: { percentRate: 7.5 } });
    await setDiscount(t, false, 7.5);
    expect(await discount()).toEqual({ data: { percentRate: 0 } });
  });

  it('computes the bill on the server: the discount on the nominal part, 2 ₽ of SMS per recipient', async () => {
    await setDiscount(t, true, 7.5);
    const order = await createOrder(t, {
      nominal: 333,
      recipients: [{ phone: ALICE }, { phone: BOB, name: 'Боб' }, { phone: CAROL }],
      // whatever a client adds is not a field the server reads
    });
    expect(order).toMatchObject({
      state: 'created',
      deliveryId: 'SMS_TO_CLIENT',
      sendingDate: clock.now().toISOString(),
      imageUrl: '/api/proxy/pictures/gift-1.webp',
      recipients: [
        { phone: ALICE, name: '' },
        { phone: BOB, name: 'Боб' },
        { phone: CAROL, name: '' },
      ],
      bill: {
        nominal: 333,
        quantity: 3,
        nominalSum: 999,
        percentRate: 7.5,
        discount: 74.93,
        deliverySum: 6,
        total: 930.07,
      },
    });
    const forged = await create(t, { ...ORDER, total: 1 });
    expect(forged.statusCode).toBe(400);
  });

  it('answers the spec messages for bad orders', async () => {
    const fieldOf = async (body: object) => {
      const response = await create(t, { ...ORDER, ...body });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fields;
    };
    expect(await fieldOf({ nominal: 'abc' })).toEqual({ nominal: 'Только цифры' });
    expect(await fieldOf({ nominal: '123456' })).toEqual({ nominal: 'Только цифры' });
    expect(await fieldOf({ nominal: 10.5 })).toEqual({ nominal: 'Только цифры' });
    expect(await fieldOf({ nominal: '0' })).toEqual({ nominal: 'Номинал не меньше 1 ₽' });
    expect(await fieldOf({ recipients: [] })).toEqual({ recipients: 'Добавьте получателя' });
    expect(await fieldOf({ recipients: [{ phone: '7900' }] })).toEqual({
      'recipients.0.phone': 'Введены не все символы',
    });
    expect(await fieldOf({ congratulation: '   ' })).toEqual({ congratulation: 'Обязательное поле' });
    expect(await fieldOf({ congratulation: 'а'.repeat(501) })).toEqual({
      congratulation: 'Слишком много символов',
    });
    expect(await fieldOf({ imageId: 'logo.png' })).toEqual({ imageId: 'Выберите картинку' });
    expect(await fieldOf({ deliveryId: 'EMAIL' })).toEqual({ deliveryId: 'Неизвестный способ доставки' });
    expect(await fieldOf({ sendingDate: '2029-12-31T09:00:00Z' })).toEqual({
      sendingDate: 'Дата отправки уже прошла',
    });
    expect(await fieldOf({ sendingDate: '2031-01-02T09:00:00+03:00' })).toEqual({
      sendingDate: 'Дата отправки — не позже чем через год',
    });
    // 11 cards of 99 999 ₽ pass the 1 000 000 ₽ a payment may take
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      phone: `790055503${String(i).padStart(2, '0')}`,
    }));
    expect(await fieldOf({ nominal: '99999', recipients: eleven })).toEqual({
      nominal: 'Сумма заказа не больше 1\u00a0000\u00a0000\u00a0₽',
    });
    // a sending date a minute ago is "now"
    const late = await createOrder(t, {
      sendingDate: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    expect(late.sendingDate).toBe(clock.now().toISOString());
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/gc/create', payload: ORDER });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the same order for the same idempotency key', async () => {
    const idempotencyKey = '6f1c2a51-3b57-4c43-9a51-0c7b0f4f7d10';
    const first = await createOrder(t, { idempotencyKey });
    const again = await createOrder(t, { idempotencyKey });
    expect(again.orderId).toBe(first.orderId);
  });

  it('pays a GIFT_CARD draft only for the bill, without bonuses, by card or SBP', async () => {
    await customerWithBonuses(t, BUYER, 5000);
    const order = await createOrder(t);
    const missing = await callAs(t, BUYER, 'POST', '/api/loyalty/createDraft', {
      productType: 'GIFT_CARD',
      paySum: 1002,
      retailPointId: POINT,
    });
    expect(missing.statusCode).toBe(400);
    const wrongSum = await giftDraft(t, order.orderId, 1000);
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json().message).toBe('Сумма не совпадает с заказом: 1\u00a0002\u00a0₽');
    expect((await giftDraft(t, order.orderId, 1002, { payType: 'IN_RETAIL_POINT' })).statusCode).toBe(400);
    expect((await giftDraft(t, order.orderId, 1002, {}, OTHER)).statusCode).toBe(404);

    const draft = await giftDraft(t, order.orderId, 1002, { spendBonus: true });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({
      productType: 'GIFT_CARD',
      paySum: 1002,
      spendBonus: false,
      leftToPay: 1002,
      accountChanges: [
        { type: 'GLOBAL', earn: 0, spend: 0 },
        { type: 'EXTRA', earn: 0, spend: 0 },
      ],
    });
    // the page's second create (the pay type changed) answers the same draft
    const again = await giftDraft(t, order.orderId, 1002, { payType: 'SBP_QR' });
    expect(again.json().data).toMatchObject({ draftId: draft.json().data.draftId, payType: 'SBP_QR' });
    // a PAYMENT create cannot rewrite it
    const rewrite = await callAs(t, BUYER, 'POST', '/api/loyalty/createDraft', {
      productType: 'PAYMENT',
      paySum: 1,
      retailPointId: POINT,
      draftId: draft.json().data.draftId,
    });
    expect(rewrite.statusCode).toBe(409);

    const processed = await processDraft(t, BUYER, draft.json().data.draftId);
    expect(processed.json().data).toMatchObject({
      status: 1,
      state: 'processing',
      giftCard: { orderId: order.orderId, state: 'created', nominal: 1000, quantity: 1, total: 1002 },
    });
    expect((await giftDraft(t, order.orderId, 1002)).statusCode).toBe(409);
    const state = await callAs(t, BUYER, 'POST', '/api/gc/payment', { orderId: order.orderId });
    expect(state.json()).toEqual({ code: 1, state: 'processing', draftId: draft.json().data.draftId });
  });

  it('buys one card, pays with the sandbox card, issues it and sends the SMS at the sending date once', async () => {
    const sendingDate = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const { order, result } = await buyAndPay(t, { sendingDate });
    expect(result).toMatchObject({
      status: 0,
      state: 'completed',
      spent: 0,
      earned: 0,
      giftCard: {
        orderId: order.orderId,
        state: 'paid',
        nominal: 1000,
        quantity: 1,
        total: 1002,
        sendingDate,
      },
    });
    const state = await callAs(t, BUYER, 'POST', '/api/gc/payment', { orderId: order.orderId });
    expect(state.json()).toMatchObject({ code: 0, state: 'paid' });
    // the finish step again changes nothing
    await completeDraft(t, BUYER, result.draftId);

    const cards = await cardsOf(t);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card!.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(card!.code).toMatch(/^\d{16}$/);
    expect(card!.phone).toBe(ALICE);

    const view = await callAs(t, BUYER, 'POST', '/api/gc/getcard', { orderId: order.orderId });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({
      imageUrl: '/api/proxy/pictures/gift-1.webp',
      balance: 1000,
      congratulation: 'С праздником!',
      cardUrl: `http://localhost:3000/gc/${card!.publicId}`,
      cards: [
        {
          cardUrl: `http://localhost:3000/gc/${card!.publicId}`,
          phone: ALICE,
          name: 'Алиса',
          balance: 1000,
          sentAt: null,
          sendAt: new Date(sendingDate).toISOString(),
        },
      ],
    });
    // the buyer only
    expect((await callAs(t, OTHER, 'POST', '/api/gc/getcard', { orderId: order.orderId })).statusCode).toBe(
      404,
    );

    // before the sending date nothing leaves
    expect(await deliverDueGiftCards(t.deps)).toBe(0);
    clock.advance(2 * HOUR - 1000);
    expect(await deliverDueGiftCards(t.deps)).toBe(0);
    expect(outboxOf(t, ALICE)).toEqual([]);
    // at the sending date exactly one SMS, even when two runs overlap and a third follows
    clock.advance(1000);
    const [a, b] = await Promise.all([deliverDueGiftCards(t.deps), deliverDueGiftCards(t.deps)]);
    expect(a + b).toBe(1);
    expect(await deliverDueGiftCards(t.deps)).toBe(0);
    clock.advance(DELIVERY.leaseMs * 3);
    expect(await deliverDueGiftCards(t.deps)).toBe(0);
    const sms = outboxOf(t, ALICE);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toBe(
      `Алиса, вам подарочная карта «Берёзка» на 1\u00a0000\u00a0₽: http://localhost:3000/gc/${card!.publicId}`,
    );
    // (the buyer's token has expired by now: the delivery row tells)
    const [delivery] = await t.deps.db.select().from(giftCardDeliveries);
    expect(delivery).toMatchObject({ sentAt: new Date(sendingDate), attempts: 1, lastError: null });
  });

  it('issues one card per recipient, each worth the nominal, and sends each its own SMS', async () => {
    await setDiscount(t, true, 10);
    const { order, result } = await buyAndPay(t, {
      recipients: [{ phone: ALICE }, { phone: BOB }, { phone: CAROL }],
    });
    expect(order.bill.total).toBe(2706);
    expect(result.giftCard).toMatchObject({ quantity: 3, total: 2706 });
    const cards = await cardsOf(t);
    expect(cards.map((c) => c.phone)).toEqual([ALICE, BOB, CAROL]);
    expect(new Set(cards.map((c) => c.publicId)).size).toBe(3);
    const view = await callAs(t, BUYER, 'POST', '/api/gc/getcard', { orderId: order.orderId });
    expect(view.json().cards.map((c: { balance: number }) => c.balance)).toEqual([1000, 1000, 1000]);
    expect(await deliverDueGiftCards(t.deps)).toBe(3);
    for (const phone of [ALICE, BOB, CAROL]) expect(outboxOf(t, phone)).toHaveLength(1);
  });

  it('makes one draft for an order and issues its cards once under parallel calls', async () => {
    const order = await createOrder(t, { recipients: [{ phone: ALICE }, { phone: BOB }] });
    const drafts = await Promise.all(Array.from({ length: 10 }, () => giftDraft(t, order.orderId, 2004)));
    expect(new Set(drafts.map((d) => d.json().data.draftId)).size).toBe(1);
    const draftId = drafts[0]!.json().data.draftId;
    const processed = await processDraft(t, BUYER, draftId);
    await payOnSandbox(t, processed.json().data.formUrl, GOOD_CARD);
    const finishes = await Promise.all(Array.from({ length: 10 }, () => completeDraft(t, BUYER, draftId)));
    expect(finishes.every((f) => f.json().data.status === 0)).toBe(true);
    expect(await cardsOf(t)).toHaveLength(2);
    expect(await t.deps.db.select().from(giftCardDeliveries)).toHaveLength(2);
  });

  it('leaves the order unpaid after a declined card, and a new draft pays it', async () => {
    const order = await createOrder(t);
    const first = await giftDraft(t, order.orderId, 1002);
    const processed = await processDraft(t, BUYER, first.json().data.draftId);
    await payOnSandbox(t, processed.json().data.formUrl, DECLINED_CARD);
    const failed = await completeDraft(t, BUYER, first.json().data.draftId);
    expect(failed.json().data).toMatchObject({ status: 2, giftCard: { state: 'created' } });
    const state = await callAs(t, BUYER, 'POST', '/api/gc/payment', { orderId: order.orderId });
    expect(state.json()).toMatchObject({ code: 2, state: 'failed' });
    expect((await callAs(t, BUYER, 'POST', '/api/gc/getcard', { orderId: order.orderId })).statusCode).toBe(
      409,
    );
    expect(await cardsOf(t)).toEqual([]);

    const second = await giftDraft(t, order.orderId, 1002);
    expect(second.json().data.draftId).not.toBe(first.json().data.draftId);
    const paying = await processDraft(t, BUYER, second.json().data.draftId);
    await payOnSandbox(t, paying.json().data.formUrl, GOOD_CARD);
    const done = await completeDraft(t, BUYER, second.json().data.draftId);
    expect(done.json().data).toMatchObject({ status: 0, giftCard: { state: 'paid' } });
    expect(await cardsOf(t)).toHaveLength(1);
    expect((await giftDraft(t, order.orderId, 1002)).statusCode).toBe(409);
  });
});
