import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { lastCode } from './cabinet';
import { E2E } from './e2e-env';

/** What an authenticator app shows for a secret at a moment (SHA-1, 6 digits, 30 s). */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

/** A staff account created with the operator's token, as `npm run operator -- staff create` does. */
export async function createStaffThroughApi(email: string, role: string) {
  const response = await fetch(`${E2E.mutableUrl}/api/admin/staff`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  if (!response.ok) throw new Error(`staff create: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { oneTimePassword: string }).oneTimePassword;
}

/** A client address of the 10.78.0.0/16 range picked by the e-mail, the same for every request of one person. */
function staffAddressOf(email: string): string {
  let n = 0;
  for (const char of email) n = (n * 31 + char.charCodeAt(0)) % 65_536;
  return `10.78.${Math.floor(n / 256)}.${n % 256}`;
}

export const uniqueEmail = (role: string) => `${role}-${Date.now().toString(36)}@example.com`;

/**
 * The first login through the console's screens: the one-time password, the authenticator enrolled from the
 * key beside its QR (the code computed here), then the person's own password. Answers the TOTP secret.
 */
export async function firstLoginInConsole(page: Page, email: string, oneTime: string, ownPassword: string) {
  // Each person logs in from an address of their own (the e2e servers trust X-Forwarded-For from the loopback),
  // so the run's many console logins do not meet the limit of 30 password attempts per address (decision 033).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': staffAddressOf(email) });
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Вход в консоль' })).toBeVisible();
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль').fill(oneTime);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Подключите приложение-аутентификатор' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  await page.getByLabel('Код из приложения').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('heading', { name: 'Задайте свой пароль' })).toBeVisible();
  await page.getByLabel('Новый пароль').fill(ownPassword);
  await page.getByLabel('Повторите пароль').fill(ownPassword);
  await page.getByRole('button', { name: 'Сохранить и войти' }).click();
  await expect(page.getByRole('heading', { name: 'Главная' })).toBeVisible();
  return secret;
}

/** The console's sections a marketer sees, in the menu's order. */
export const MARKETER_SECTIONS = [
  'Главная',
  'Настройки и бренд',
  'Содержание сайта',
  'Программа',
  'Сегменты',
  'Промокоды',
  'Каталог',
  'Рассылки',
];

/** A new staff member of `role`, created with the token and logged in through the console at 1440 px. */
export async function staffInConsole(page: Page, role: string) {
  const email = uniqueEmail(role);
  const oneTime = await createStaffThroughApi(email, role);
  await page.setViewportSize({ width: 1440, height: 900 });
  const secret = await firstLoginInConsole(page, email, oneTime, `${role}-own-password-1`);
  return { email, secret };
}

/** A customer of their own with a card (no other journey touches it): registered through the API. */
export async function freshMember(request: APIRequestContext, phone: string) {
  expect((await request.post('/api/auth/phone', { data: { phone } })).ok()).toBe(true);
  const token = await lastCode(request, phone);
  const pair = (await (await request.post('/api/auth/token', { data: { phone, token } })).json()) as {
    token: string;
  };
  const card = await request.post('/api/user/newCard', {
    headers: { authorization: `Bearer ${pair.token}` },
    data: { firstName: 'Анна', lastName: 'Консольная' },
  });
  expect(card.ok()).toBe(true);
}
