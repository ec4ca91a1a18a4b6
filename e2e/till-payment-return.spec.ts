import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';
import { payOnSandboxCard, SANDBOX_CARD_OK } from './support/sandbox-bank';
import { logInToTill, openTillDevice } from './support/till';

// A payment and its return move money and write operations, so they run on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';

test('a receipt paid on the site comes back by lines at the till: the baguette to the card, only the cigarettes left to return (decision 084)', async ({
  page,
  browser,
}) => {
  test.slow();
  // The cashier's phone-width till registers the receipt and shows its QR.
  const { till, close } = await openTillDevice(browser);
  await logInToTill(till, await issueTillKey(1));
  await till.getByLabel('Товары', { exact: true }).fill('10003\n50001 1 215');
  await till.getByRole('button', { name: 'Показать QR для оплаты' }).click();
  await expect(till.getByRole('status')).toHaveText(`Чек на 304,90${NBSP}₽ готов к оплате на сайте.`);
  const link = (await till.getByRole('link', { name: /\/loyalty\?/ }).getAttribute('href'))!;

  // The customer pays it on the site by card, without logging in.
  const url = new URL(link);
  await open(page, `${url.pathname}${url.search}`);
  await page.getByRole('button', { name: `Оплатить 304,90${NBSP}₽` }).click();
  await page
    .getByRole('dialog', { name: 'Подтвердите оплату' })
    .getByRole('button', { name: 'Подтвердить и оплатить' })
    .click();
  await payOnSandboxCard(page, SANDBOX_CARD_OK);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();

  // Later the customer brings the baguette back: the cashier opens the receipt by its link from the scan page.
  await till.goto('/till');
  await till.getByLabel('Ссылка для оплаты или номер чека').fill(link);
  await till.screenshot({ path: test.info().outputPath('till-scan-375.png'), fullPage: true });
  await till.getByRole('button', { name: 'Открыть чек' }).click();
  await expect(till.getByTestId('till-receipt-state')).toHaveText('Оплачен на сайте картой.');
  await expect(till.getByRole('table', { name: 'Товары чека' }).getByRole('row')).toHaveCount(3);
  await till.getByText('Вернуть часть товаров').click();
  await till.getByLabel('Багет французский', { exact: true }).fill('1');
  await till.getByRole('button', { name: 'Вернуть выбранное' }).click();
  await expect(till.getByRole('status')).toContainText('Возврат проведён');
  await expect(till.getByRole('status')).toContainText(`На карту вернули 89,90${NBSP}₽.`);

  // What came back is shown; only the cigarettes are left to return.
  await expect(till.getByTestId('till-returned')).toContainText('Возвращено: Багет французский × 1.');
  await till.getByText('Вернуть часть товаров').click();
  const left = till.getByRole('table', { name: 'Сколько вернуть' });
  await expect(left.getByRole('row')).toHaveCount(2);
  await expect(left.getByRole('row').nth(1)).toContainText('Сигареты «Ява Золотая»');
  expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(till);
  await till.screenshot({ path: test.info().outputPath('till-payment-return-375.png'), fullPage: true });
  await till.setViewportSize({ width: 1440, height: 900 });
  await till.screenshot({ path: test.info().outputPath('till-payment-return-1440.png'), fullPage: true });
  await close();
});
