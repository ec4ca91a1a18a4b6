import { E2E } from './e2e-env';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo customer the seed creates (docs/design/product.md "Development and test handles"). */
export const DEMO_PHONE = E2E.demoPhone;

/** The newest code the console SMS provider sent to a phone (development outbox). */
export async function lastCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?phone=${phone}`);
      const messages = (await response.json()) as Array<{ code: string | null }>;
      code = messages[0]?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

/**
 * The address a journey's API login claims (the e2e servers trust X-Forwarded-For from the loopback only): each
 * phone its own, so the many journeys of one run are not one client to the limit of 20 codes per address per
 * hour, while the browser's own requests still come from 127.0.0.1.
 */
function clientAddressOf(phone: string): Record<string, string> {
  const n = Number(phone.slice(-6));
  return { 'x-forwarded-for': `10.77.${Math.floor(n / 256) % 256}.${n % 256}` };
}

/** Logs a phone in through the API (SMS code from the outbox) and stores the pair where the site keeps it. */
export async function loginThroughApi(page: Page, request: APIRequestContext, phone: string) {
  const sent = await request.post('/api/auth/phone', { data: { phone }, headers: clientAddressOf(phone) });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = phone === DEMO_PHONE ? E2E.demoOtp : await lastCode(request, phone);
  const response = await request.post('/api/auth/token', { data: { phone, token: code } });
  expect(response.ok()).toBe(true);
  const pair = (await response.json()) as { token: string; refresh: string };
  await page.addInitScript((tokens) => {
    if (!window.localStorage.getItem('accessToken')) {
      window.localStorage.setItem('accessToken', tokens.token);
      window.localStorage.setItem('refreshToken', tokens.refresh);
    }
  }, pair);
  return pair;
}

/** A phone no other journey uses: the same digits never meet an SMS limit or another run's data. */
export function freshPhone(): string {
  return `7955${String(Date.now()).slice(-7)}`;
}

/** A 16-digit card number no one holds yet, with a valid Luhn check digit (the server checks it). */
export function freshCardNumber(): string {
  const body = `7771${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A new customer with a loyalty card, logged in just now (a fresh SMS confirmation). */
export async function customerWithCard(page: Page, request: APIRequestContext) {
  const phone = freshPhone();
  const { token } = await loginThroughApi(page, request, phone);
  const registered = await request.post('/api/user/newCard', {
    data: { firstName: 'Мария', lastName: 'Кузнецова' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(registered.ok()).toBe(true);
  return phone;
}
