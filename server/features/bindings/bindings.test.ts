// Saved bank cards through the API on the sandbox acquirer (issue 6; docs/decisions/016-saved-bank-cards.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { sandboxWalletToken } from '#server/integrations/acquirer/sandbox-acquirer';
import {
  bonusesOf,
  createDraft,
  customerWithBonuses,
  pathOf,
  payOnSandbox,
  processDraft,
} from '#server/test/payments-kit';

const PHONE = '79005550201';
const OTHER = '79005550202';
const CARDS_URL = 'http://localhost:3000/profile?t=cards';

describe('saved bank cards', () => {
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

  const bind = (phone: string, body: object = { url: CARDS_URL }) =>
    callAs(t, phone, 'POST', '/api/user/bindExtraPayment', body);
  const cardsOf = async (phone: string) =>
    (await callAs(t, phone, 'GET', '/api/user/getExtraPayment')).json().cards as Array<{
      bindingId: string;
      bindingState: string;
      maskedPan: string;
    }>;

  it('saves a card through the hosted page, lists it, and removes it once', async () => {
    expect(await cardsOf(PHONE)).toEqual([]);
    // The sandbox charges saved cards, so the payment page may offer them.
    expect((await callAs(t, PHONE, 'GET', '/api/user/getExtraPayment')).json().payable).toBe(true);
    const started = await bind(PHONE);
    expect(started.statusCode).toBe(200);
    const { bindURL, requestId } = started.json();
    expect(pathOf(bindURL)).toMatch(/^\/sandbox\/pay\/[0-9a-f-]{36}$/);
    const page = await t.app.inject({ method: 'GET', url: pathOf(bindURL) });
    expect(page.body).toContain('Привязка карты');

    const back = await payOnSandbox(t, bindURL, '4111 1111 1111 1111', '11/29');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${CARDS_URL}&binding=${requestId}`);
    const status = await callAs(t, PHONE, 'GET', `/api/user/bindingStatus/${requestId}`);
    expect(status.json()).toMatchObject({
      state: 'bound',
      card: { maskedPan: '•••• 1111', expiry: '11/29' },
    });

    const cards = await cardsOf(PHONE);
    expect(cards).toEqual([
      { bindingId: expect.any(String), bindingState: 'ACTIVE', maskedPan: '•••• 1111', expiry: '11/29' },
    ]);
    // Nobody else sees or removes it.
    expect(await cardsOf(OTHER)).toEqual([]);
    const stranger = await callAs(t, OTHER, 'POST', '/api/user/unbindExtraPayment', {
      id: cards[0]!.bindingId,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await cardsOf(PHONE)).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const removed = await callAs(t, PHONE, 'POST', '/api/user/unbindExtraPayment', {
        id: cards[0]!.bindingId,
      });
      expect(removed.json()).toEqual({ code: 0 });
    }
    expect(await cardsOf(PHONE)).toEqual([]);
  });

  it('a declined card saves nothing and the status says failed', async () => {
    const { bindURL, requestId } = (await bind(PHONE)).json();
    await payOnSandbox(t, bindURL, '4000 0000 0000 0002');
    const status = await callAs(t, PHONE, 'GET', `/api/user/bindingStatus/${requestId}`);
    expect(status.json()).toEqual({ state: 'failed', card: null });
    expect(await cardsOf(PHONE)).toEqual([]);
    // Another customer cannot read it.
    expect((await callAs(t, OTHER, 'GET', `/api/user/bindingStatus/${requestId}`)).statusCode).toBe(404);
  });

  it('a retried request answers the same hosted page; the page saves one card however often it is posted', async () => {
    const requestId = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => bind(PHONE, { url: CARDS_URL, requestId })),
    );
    const urls = new Set(answers.map((a) => a.json().bindURL));
    expect(urls.size).toBe(1);
    const [bindURL] = [...urls] as [string];
    await Promise.all([
      payOnSandbox(t, bindURL, '4111111111111111'),
      payOnSandbox(t, bindURL, '4111111111111111'),
    ]);
    expect(await cardsOf(PHONE)).toHaveLength(1);
  });

  it('needs a fresh SMS confirmation: an older session gets 403 and saves nothing', async () => {
    await cardsOf(PHONE); // logs in now
    clock.advance(11 * 60_000);
    const refused = await bind(PHONE);
    // The access token (15 min) is still valid; the SMS confirmation behind the session is too old.
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SMS_CONFIRMATION_REQUIRED',
      message: 'Подтвердите номер телефона кодом из СМС',
    });
    expect(await cardsOf(PHONE)).toEqual([]);
  });

  it('refuses a return address off this site, an unknown card and a bad request id, changing nothing', async () => {
    const offSite = await bind(PHONE, { url: 'https://evil.example/profile' });
    expect(offSite.statusCode).toBe(400);
    const unknown = await callAs(t, PHONE, 'POST', '/api/user/unbindExtraPayment', { id: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Карта не найдена');
    const badId = await bind(PHONE, { url: CARDS_URL, requestId: 'x' });
    expect(badId.statusCode).toBe(400);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/user/getExtraPayment' });
    expect(noToken.statusCode).toBe(401);
    expect(await cardsOf(PHONE)).toEqual([]);
  });

  it('saves the card behind a Google Pay or Apple Pay token once; a declined token saves nothing', async () => {
    const token = sandboxWalletToken('4242');
    const google = () =>
      callAs(t, PHONE, 'POST', '/api/user/googleBindingCard', { token, returnUrl: CARDS_URL });
    const answers = await Promise.all([google(), google(), google()]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // A retry that met the first call still running is told to refresh; none saves a second card.
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(ok[0]!.json()).toMatchObject({
      code: 0,
      card: { maskedPan: '•••• 4242', bindingState: 'ACTIVE' },
    });
    expect((await google()).json().card.bindingId).toBe(ok[0]!.json().card.bindingId);

    const apple = await callAs(t, PHONE, 'POST', '/api/user/appleBindingCard', {
      token: sandboxWalletToken('5555'),
    });
    expect(apple.json()).toMatchObject({ code: 0, card: { maskedPan: '•••• 5555' } });
    expect((await cardsOf(PHONE)).map((c) => c.maskedPan).sort()).toEqual(['•••• 4242', '•••• 5555']);

    const declined = await callAs(t, PHONE, 'POST', '/api/user/appleBindingCard', {
      token: sandboxWalletToken('6666', false),
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().message).toBe(
      'Что-то пошло не так. Пожалуйста, обновите страницу или свяжитесь с нами.',
    );
    const notBase64 = await callAs(t, PHONE, 'POST', '/api/user/appleBindingCard', { token: 'не base64!' });
    expect(notBase64.statusCode).toBe(400);
    expect(await cardsOf(PHONE)).toHaveLength(2);
  });

  it('a saved card pays the rest of a purchase without the hosted page; only the owner’s active card', async () => {
    await customerWithBonuses(t, PHONE, 100);
    const { bindURL } = (await bind(PHONE)).json();
    await payOnSandbox(t, bindURL, '4111 1111 1111 1111');
    const [card] = await cardsOf(PHONE);

    // Another customer's card, or a removed one, is refused before anything is held.
    await customerWithBonuses(t, OTHER, 0);
    const foreign = await createDraft(t, OTHER, { paySum: 300, payType: 'CARD' });
    const refused = await processDraft(t, OTHER, foreign.draftId, { bindingId: card!.bindingId });
    expect(refused.statusCode).toBe(404);
    const sbp = await createDraft(t, PHONE, { paySum: 300, payType: 'SBP_QR', spendBonus: false });
    expect((await processDraft(t, PHONE, sbp.draftId, { bindingId: card!.bindingId })).statusCode).toBe(400);

    const draft = await createDraft(t, PHONE, { paySum: 300, payType: 'CARD', spendBonus: true });
    expect(draft).toMatchObject({ leftToPay: 200 });
    const paid = await processDraft(t, PHONE, draft.draftId, { bindingId: card!.bindingId });
    expect(paid.json().data).toMatchObject({ status: 0, state: 'completed', spent: 100, earned: 6 });
    expect(await bonusesOf(t, PHONE)).toBe(6);
    // A retry changes nothing.
    expect(
      (await processDraft(t, PHONE, draft.draftId, { bindingId: card!.bindingId })).json().data,
    ).toMatchObject({
      status: 0,
    });
    expect(await bonusesOf(t, PHONE)).toBe(6);
  });
});
