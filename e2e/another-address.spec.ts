import { expect, test, type Page } from '@playwright/test';
import { customerWithCard, freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { payOnSandboxCard, saveOnSandbox } from './support/sandbox-bank';

/*
 * The site opened at another address of the same server (http://127.0.0.1:<port>, while PUBLIC_URL names
 * http://localhost:<port>): every way of paying and saving a card must still work, and the bank must bring the
 * customer back to the address they came from, where their tokens live (local storage is kept per origin).
 */
const LOOPBACK_URL = E2E.mutableUrl.replace('localhost', '127.0.0.1');
test.use({ baseURL: LOOPBACK_URL });

const NBSP = '\u00a0';
async function confirmPayment(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Подтвердите оплату' });
  await popup.getByRole('button', { name: 'Подтвердить и оплатить' }).click();
}

test('a visitor at 127.0.0.1 pays by card and comes back to the same address', async ({ page }) => {
  await open(page, '/loyalty?p=3&s=500');
  await page.getByRole('button', { name: `Оплатить 500${NBSP}₽` }).click();
  await confirmPayment(page);
  await expect(page.getByText(/Код ошибки/)).toHaveCount(0);
  // The sandbox bank's page lives at PUBLIC_URL (localhost); its form-action lets it send the payer back here.
  await payOnSandboxCard(page);
  await expect(page).toHaveURL(new RegExp(`^${LOOPBACK_URL}/loyalty/finish\\?d=`));
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
});

test('a visitor at 127.0.0.1 pays through SBP', async ({ page, context }) => {
  await open(page, '/loyalty?p=7&s=150');
  await page.getByRole('radio', { name: 'Через СБП' }).check();
  await page.getByRole('button', { name: `Оплатить 150${NBSP}₽` }).click();
  await confirmPayment(page);
  const sheet = page.getByRole('dialog', { name: 'Подтвердите оплату в Вашем банковском приложение' });
  await expect(sheet.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeVisible();
  const link = await sheet.getByRole('link', { name: 'Открыть ссылку на оплату' }).getAttribute('href');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Проверить оплату' }).click();
  const bank = await context.newPage();
  await bank.goto(link!);
  await bank.getByRole('button', { name: 'Подтвердить оплату' }).click();
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible({ timeout: 15_000 });
});

test('a visitor at 127.0.0.1 buys a gift card', async ({ page }) => {
  const recipient = freshPhone();
  await open(page, '/gc/sale');
  await page.getByRole('button', { name: `1${NBSP}000${NBSP}₽` }).click();
  await page.getByLabel('E-mail для чека').fill(`buyer-${recipient}@example.ru`);
  await page.getByLabel('Телефон получателя').fill(recipient.slice(1));
  await page.getByLabel('Поздравление').fill('С праздником!');
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await page.getByRole('button', { name: `Оплатить 1${NBSP}002${NBSP}₽` }).click();
  await expect(page.getByText(/Код ошибки/)).toHaveCount(0);
  await payOnSandboxCard(page);
  await expect(page).toHaveURL(new RegExp(`^${LOOPBACK_URL}/gc/result\\?d=`));
  await expect(page.getByRole('heading', { name: 'Подарочная карта оформлена', level: 1 })).toBeVisible();
});

test('a customer at 127.0.0.1 saves a bank card', async ({ page, request }) => {
  await customerWithCard(page, request);
  await open(page, '/profile?t=cards');
  const section = page.getByRole('region', { name: 'Банковские карты' });
  await section.getByRole('button', { name: 'Сохранить банковскую карту' }).click();
  await expect(section.getByText('Что-то пошло не так')).toHaveCount(0);
  await saveOnSandbox(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`^${LOOPBACK_URL}/profile\\?t=cards&binding=`));
  await expect(section.getByText('Карта •••• 1111 сохранена')).toBeVisible();
});
