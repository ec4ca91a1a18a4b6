import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';
import { payOnSandboxCard, SANDBOX_CARD_OK } from './support/sandbox-bank';

// A payment moves money and writes an operation, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';

test('a till’s receipt paid on the site: the till page shows its QR, its lines on the page and the finish, cigarettes without bonuses (decision 069)', async ({
  page,
}) => {
  // The cashier types the goods on the reference till page and shows the customer its QR.
  await page.goto('/till');
  await page.getByLabel('Ключ кассы').fill(await issueTillKey(1));
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByLabel('Товары', { exact: true }).fill('10003\n50001 1 215');
  await page.getByRole('button', { name: 'Показать QR для оплаты' }).click();
  await expect(page.getByRole('status')).toHaveText(`Чек на 304,90${NBSP}₽ готов к оплате на сайте.`);
  await expect(page.getByRole('img', { name: 'QR-код для оплаты чека на сайте' })).toBeVisible();
  const url = new URL((await page.getByRole('link', { name: /\/loyalty\?/ }).getAttribute('href'))!);
  const receiptId = url.searchParams.get('r')!;
  expect(receiptId).toMatch(/^[0-9a-f-]{36}$/);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ p: '1', s: '304.9' });

  // The QR's address, as the customer's phone opens it.
  await open(page, `${url.pathname}${url.search}`);
  const receipt = page.getByRole('region', { name: 'Товары в чеке: 2' });
  await expect(receipt.getByTestId('receipt-line')).toHaveCount(2);
  await expect(receipt.getByTestId('receipt-line').nth(0)).toContainText('Багет французский');
  await expect(receipt.getByTestId('receipt-line').nth(0)).toContainText(`89,90${NBSP}₽`);
  await expect(receipt.getByTestId('receipt-line').nth(0)).toContainText('+');
  await expect(receipt.getByTestId('receipt-line').nth(1)).toContainText('Сигареты «Ява Золотая»');
  await expect(receipt.getByTestId('receipt-line').nth(1)).toContainText('без бонусов');
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

  await page.screenshot({ path: test.info().outputPath('payment-receipt.png'), fullPage: true });
  await page.getByRole('button', { name: `Оплатить 304,90${NBSP}₽` }).click();
  const popup = page.getByRole('dialog', { name: 'Подтвердите оплату' });
  await popup.getByRole('button', { name: 'Подтвердить и оплатить' }).click();
  await payOnSandboxCard(page, SANDBOX_CARD_OK);
  await expect(page).toHaveURL(new RegExp(`/loyalty/finish\\?d=[0-9a-f-]{36}&p=1&s=304.9&r=${receiptId}$`));
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  const done = page.getByRole('region', { name: 'Товары в чеке: 2' });
  await expect(done.getByTestId('receipt-line').nth(1)).toContainText('без бонусов');
});
