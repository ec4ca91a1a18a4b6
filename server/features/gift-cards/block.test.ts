import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCardRedemptions } from '#server/db/schema/gift-cards';
import { auditLog } from '#server/db/schema/staff';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { issueKey, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { paidGiftCard } from '#server/test/gift-cards-kit';

const BUYER = '79005550511';
const RECIPIENT = '79005550611';

describe('the operator blocks a gift card', () => {
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

  const block = (publicId: string, blocked: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operator/gift-cards/${publicId}/block`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { blocked },
    });

  it('refuses a blocked card at the till and when adding it to a balance; unblocked it pays again', async () => {
    const key = (await issueKey(t)).key;
    const card = await paidGiftCard(t, OPERATOR_TOKEN, RECIPIENT, 1000, BUYER);
    const blocked = await block(card.publicId, true);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ publicId: card.publicId, blocked: true });
    expect((await block(card.publicId, true)).statusCode).toBe(200);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'giftCard.blocked'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entityId: card.publicId, after: { blocked: true } });

    const redeem = await till(t, key, 'POST', '/api/till/gift-cards/redeem', {
      cardCode: card.code,
      amount: 100,
      idempotencyKey: 'cheque-blocked-1',
    });
    expect(redeem.statusCode).toBe(409);
    expect(redeem.json().code).toBe('GIFT_CARD_BLOCKED');
    expect(await t.deps.db.select().from(giftCardRedemptions)).toHaveLength(0);
    const add = await callAs(t, RECIPIENT, 'POST', `/api/gc/card/${card.publicId}/add`, {});
    expect(add.statusCode).toBe(409);
    expect(add.json().code).toBe('GIFT_CARD_BLOCKED');

    expect((await block(card.publicId, false)).json()).toEqual({ publicId: card.publicId, blocked: false });
    const paid = await till(t, key, 'POST', '/api/till/gift-cards/redeem', {
      cardCode: card.code,
      amount: 100,
      idempotencyKey: 'cheque-blocked-2',
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('answers 404 for an unknown card and 400 for a bad body', async () => {
    expect((await block('AAAAAAAAAAAAAAAAAAAAAA', true)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/operator/gift-cards/AAAAAAAAAAAAAAAAAAAAAA/block',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { blocked: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.deps.db.select().from(auditLog)).toHaveLength(0);
  });
});
