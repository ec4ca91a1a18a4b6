import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { OPERATOR_TOKEN } from '#server/test/till-kit';
import { buyAndPay, paidGiftCard } from '#server/test/gift-cards-kit';

const BUYER = '79005550512';
const RECIPIENT = '79005550612';

/** The console's gift-card lookup (docs/decisions/033): by public id or the code's last digits, read-only roles too. */
describe('the operator looks a gift card up', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterAll(() => t.close());

  const find = (q: string) =>
    t.app.inject({
      url: `/api/operator/gift-cards?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });

  it('finds a card by its id, a pasted link, or its last digits, with its state and balance and never its code', async () => {
    const card = await paidGiftCard(t, OPERATOR_TOKEN, RECIPIENT, 1000, BUYER);
    const byId = await find(card.publicId);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toEqual([
      expect.objectContaining({
        publicId: card.publicId,
        codeLast4: card.code.slice(-4),
        recipientPhone: RECIPIENT,
        nominal: 1000,
        balance: 1000,
        blocked: false,
        addedAt: null,
        paidBy: 'invoice', // the kit pays it by a company's invoice
      }),
    ]);
    expect(byId.body).not.toContain(card.code);
    expect((await find(`https://shop.example/gc/${card.publicId}`)).json()[0].publicId).toBe(card.publicId);
    const byDigits = (await find(card.code.slice(-6))).json() as { publicId: string }[];
    expect(byDigits.map((c) => c.publicId)).toContain(card.publicId);
    expect((await find(card.code)).json()).toHaveLength(1);

    // The viewer reads it and sees the block; the viewer may not block.
    const viewer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'viewer');
    await t.app.inject({
      method: 'POST',
      url: `/api/operator/gift-cards/${card.publicId}/block`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { blocked: true },
    });
    const seen = await asStaff(t, viewer, { url: `/api/operator/gift-cards?q=${card.publicId}` });
    expect(seen.json()[0].blocked).toBe(true);
    const write = await asStaff(t, viewer, {
      method: 'POST',
      url: `/api/operator/gift-cards/${card.publicId}/block`,
      payload: { blocked: false },
    });
    expect(write.statusCode).toBe(403);
  });

  it('answers an empty list for an unknown card and 400 for too few digits', async () => {
    expect((await find('AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual([]);
    const short = await find('123');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('последние цифры');
  });

  it('lists the orders paid by bank card, not those paid by invoice, with their cards', async () => {
    const { order } = await buyAndPay(t);
    const list = await t.app.inject({
      url: '/api/operator/gift-card-orders',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const orders = list.json() as { orderId: string; cards: string[]; quantity: number }[];
    expect(orders.map((o) => o.orderId)).toEqual([order.orderId]);
    expect(orders[0]!.cards).toHaveLength(orders[0]!.quantity);
    const card = (await find(orders[0]!.cards[0]!)).json()[0];
    expect(card.paidBy).toBe('card');
  });
});
