import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { customerWithCard } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';
import { staffInConsole } from './support/admin';
import { logInToTill, openTillDevice } from './support/till';

// The till moves bonuses and writes an operation, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the till builds a receipt from scanned barcodes: each line’s bonuses, cigarettes without any (issue 29)', async ({
  page,
  request,
  browser,
}) => {
  // The till, the cabinet and the console in one journey: past 30 s on a busy machine.
  test.slow();
  const key = await issueTillKey(1);
  const phone = await customerWithCard(page, request);
  await open(page, '/profile');
  const code = await page.locator('.member-code [data-code]').getAttribute('data-code');

  const { till, close } = await openTillDevice(browser);
  await logInToTill(till, key);
  await till.getByLabel('Код покупателя').fill(code!);
  await till.getByRole('button', { name: 'Найти покупателя' }).click();
  await expect(till.getByTestId('till-customer')).toHaveText('Мария К.');

  // A scanner types a barcode and Enter: one line each; «2» after a code is its quantity; no sum typed.
  const goods = till.getByLabel('Товары (необязательно)');
  await goods.fill('4607019001224\n4607019002108 2\n4607019003976');
  await till.getByRole('button', { name: 'Начислить бонусы' }).click();

  // 89,90 + 2 × 220 + 215 = 744,90 ₽. The baguette earns the point's 3% (2,69), the coffee 5% with the demo's
  // «Кофе с бонусом» campaign on the coffee shop's goods (22,00), the cigarettes nothing: 24,69 bonuses.
  await expect(till.getByRole('status')).toContainText('Начислено 24,69\u00a0бонуса');
  const lines = till.getByRole('table', { name: 'Товары чека' });
  await expect(lines.getByRole('row')).toHaveCount(4);
  await expect(lines.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    'Багет французский',
    '89,90\u00a0₽',
    '+2,69',
  ]);
  await expect(lines.getByRole('row').nth(2).getByRole('cell')).toHaveText([
    'Капучино, 300 мл × 2',
    '440,00\u00a0₽',
    '+22',
  ]);
  const cigarettes = lines.getByRole('row').nth(3);
  await expect(cigarettes).toContainText('Сигареты «Ява Золотая» без бонусов');
  await expect(cigarettes.getByRole('cell').last()).toHaveText('—');
  await expect(till.locator('.ops li').first()).toContainText('744,90\u00a0₽');
  expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(till);
  await till.screenshot({ path: test.info().outputPath('till-receipt-phone.png'), fullPage: true });
  // One cappuccino of the two comes back (decision 063): half of its 22 bonuses are taken back.
  await till.getByText('Вернуть часть товаров').click();
  await till.getByLabel('Капучино, 300 мл', { exact: true }).fill('1');
  await till.getByRole('button', { name: 'Вернуть выбранное' }).click();
  await expect(till.getByRole('status')).toHaveText(
    'Возврат проведён: покупателю вернули 0\u00a0бонусов, забрали 11\u00a0бонусов.',
  );
  // After it the whole refund is gone and what came back is shown (decision 063).
  await expect(till.getByTestId('till-returned')).toContainText('Возвращено: Капучино, 300 мл × 1.');
  await expect(till.getByRole('button', { name: 'Вернуть', exact: true })).toHaveCount(0);
  expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await till.screenshot({ path: test.info().outputPath('till-partly-returned-375.png'), fullPage: true });
  await till.setViewportSize({ width: 1440, height: 900 });
  await till.screenshot({ path: test.info().outputPath('till-partly-returned-1440.png'), fullPage: true });
  await close();

  // The customer's history shows the purchase with its goods, folded under «Товары: 3».
  await open(page, '/profile?t=operations');
  const purchase = page.getByTestId('operations').getByRole('listitem').filter({ hasText: '744,90' });
  await purchase.getByText('Товары: 3').click();
  const goodsLines = purchase.locator('.operation__line');
  await expect(goodsLines).toHaveText([
    /^Багет французский\s*89,90\s+рубля\s*\+2,69$/,
    /^Капучино, 300 мл × 2\s*440\s+рублей\s*\+22$/,
    /^Сигареты «Ява Золотая»\s*215\s+рублей$/,
  ]);
  // The return is in the history too, with the bonuses it took back.
  const returned = page
    .getByTestId('operations')
    .getByRole('listitem')
    .filter({ hasText: 'Возврат товаров' });
  await expect(returned).toContainText('Возвращено товаров на 220');
  await expect(returned).toContainText('11');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('cabinet-purchase-lines.png'), fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await purchase.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({
    path: test.info().outputPath('cabinet-purchase-lines-phone.png'),
    fullPage: false,
  });

  // The accountant finds the receipt in the console by the member's phone and opens its lines (decision 066).
  await staffInConsole(page, 'accountant');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Чеки', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Чеки', exact: true })).toBeVisible();
  await page.getByLabel('Телефон или номер карты').fill(phone);
  await page.getByRole('button', { name: 'Найти' }).click();
  const found = page.getByRole('table', { name: 'Найденные чеки' });
  await expect(found.getByRole('row')).toHaveCount(2);
  const row = found.getByRole('row').nth(1);
  await expect(row).toContainText('744,90\u00a0₽');
  await expect(row).toContainText('24,69\u00a0бонуса');
  // The accountant sees the phone masked (decision 047).
  await expect(row).toContainText('•••');
  await row.getByRole('link').click();
  const receiptLines = page.getByRole('table', { name: 'Строки чека' });
  await expect(receiptLines.getByRole('row')).toHaveCount(4);
  await expect(receiptLines.getByRole('row').nth(2)).toContainText('Капучино, 300 мл');
  await expect(receiptLines.getByRole('row').nth(3)).toContainText('табак');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('console-receipt-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('console-receipt-390.png'), fullPage: true });
});

test('a purchase with a promo code at the till names the code in the member’s history (issue 29, item 7)', async ({
  page,
  request,
  browser,
}) => {
  const key = await issueTillKey(1);
  await customerWithCard(page, request);
  await open(page, '/profile');
  const code = await page.locator('.member-code [data-code]').getAttribute('data-code');
  const { till, close } = await openTillDevice(browser);
  await logInToTill(till, key);
  await till.getByLabel('Код покупателя').fill(code!);
  await till.getByRole('button', { name: 'Найти покупателя' }).click();
  await expect(till.getByTestId('till-customer')).toHaveText('Мария К.');
  // The demo's shared code takes 10% off the cheque.
  await till.getByLabel('Сумма чека, ₽').fill('500');
  await till.getByLabel('Промокод или купон (необязательно)').fill('ДЕМО10');
  await till.getByRole('button', { name: 'Начислить бонусы' }).click();
  await expect(till.getByRole('status')).toContainText('Начислено');
  await close();

  await open(page, '/profile?t=operations');
  const purchase = page.getByTestId('operations').getByRole('listitem').first();
  await expect(purchase).toContainText(/Промокод ДЕМО10 · скидка 50\s+рублей/);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('cabinet-coupon-375.png'), fullPage: false });
});
