// The sandbox's wallet step: the stand-in for a Google Pay / Apple Pay sheet in sandbox mode (docs/decisions/022).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { callAs } from '#server/test/cabinet-kit';

const PHONE = '79005550231';
const CARDS_URL = 'http://localhost:3000/profile?t=cards';

describe('the sandbox wallet step', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const choose = (wallet: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/wallet/${wallet}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  /** The token the step hands back in the return address's fragment. */
  const tokenOf = (location: string) =>
    new URLSearchParams(new URL(location, 'http://localhost').hash.slice(1)).get('walletToken');

  it('the cabinet is offered both wallets in sandbox mode; the page offers the test cards', async () => {
    const list = await callAs(t, PHONE, 'GET', '/api/user/getExtraPayment');
    expect(list.json().wallets).toEqual({
      google: { mode: 'sandbox', url: '/sandbox/wallet/google' },
      apple: { mode: 'sandbox', url: '/sandbox/wallet/apple' },
    });
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/wallet/apple?return=/profile?t=cards' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Apple Pay');
    expect(page.body).toContain('Visa •••• 4242');
    expect(page.body).not.toContain('<script');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/wallet/samsung' })).statusCode).toBe(404);
  });

  it('hands back a token in the fragment that saves the card; a refused token saves nothing', async () => {
    const chosen = await choose('google', { answer: 'pay', card: 'approved', return: '/profile?t=cards' });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toMatch(/^\/profile\?t=cards#wallet=google&walletToken=/);
    const saved = await callAs(t, PHONE, 'POST', '/api/user/googleBindingCard', {
      token: tokenOf(String(chosen.headers.location)),
      returnUrl: CARDS_URL,
    });
    expect(saved.json()).toMatchObject({ code: 0, card: { maskedPan: '•••• 4242' } });

    const refused = await choose('apple', { answer: 'pay', card: 'refused', return: '/profile?t=cards' });
    const failed = await callAs(t, PHONE, 'POST', '/api/user/appleBindingCard', {
      token: tokenOf(String(refused.headers.location)),
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toBe(
      'Что-то пошло не так. Пожалуйста, обновите страницу или свяжитесь с нами.',
    );
  });

  it('a cancel brings no token, and the step returns only to a path on this site', async () => {
    const cancelled = await choose('apple', {
      answer: 'cancel',
      card: 'approved',
      return: '/profile?t=cards',
    });
    expect(cancelled.headers.location).toBe('/profile?t=cards#wallet=apple&walletCancelled=1');
    for (const away of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)']) {
      const answer = await choose('google', { answer: 'cancel', return: away });
      expect(answer.headers.location).toBe('/profile?t=cards#wallet=google&walletCancelled=1');
    }
  });

  it('a card that is not one of the test cards brings no token (never a 500)', async () => {
    for (const card of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'nothing']) {
      const answer = await choose('google', { answer: 'pay', card, return: '/profile?t=cards' });
      expect(answer.statusCode, card).toBe(303);
      expect(answer.headers.location).toBe('/profile?t=cards#wallet=google&walletCancelled=1');
    }
  });
});
