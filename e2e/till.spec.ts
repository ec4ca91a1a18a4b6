import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PHONE, freshPhone, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';
import { logInToTill, openTillDevice } from './support/till';

// The till moves bonuses and writes an operation, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the till accrues bonuses to the demo customer by the QR the cabinet shows, and the cabinet lists it', async ({
  page,
  request,
  browser,
}) => {
  const key = await issueTillKey(1);
  await loginThroughApi(page, request, DEMO_PHONE);
  await open(page, '/profile');
  const qr = page.locator('.member-code [data-code]');
  await expect(qr.getByRole('img', { name: 'QR-код карты для кассы' })).toBeVisible();
  const code = await qr.getAttribute('data-code');
  expect(code).toMatch(/^7770000000000011\d{6}$/);

  // The till is another device: a phone-width browser of its own.
  const { till, close: closeTill } = await openTillDevice(browser);
  await expectNoAxeViolations(till);
  await logInToTill(till, key);

  await till.getByLabel('Код покупателя').fill(code!);
  await expectNoAxeViolations(till);
  await till.getByRole('button', { name: 'Найти покупателя' }).click();
  await expect(till.getByTestId('till-customer')).toHaveText('Анна И.');
  await expect(till.getByText('**** **** **** 0011')).toBeVisible();
  const point = (await till.getByRole('heading', { level: 1 }).innerText()).replace('Касса: ', '');

  await till.getByLabel('Сумма чека, ₽').fill('777,77');
  await till.getByRole('button', { name: 'Начислить бонусы' }).click();
  await expect(till.getByRole('status')).toHaveText(
    'Начислено 23,33\u00a0бонуса: 3% оплаченного деньгами (ставка точки 3%).',
  );
  const done = till.locator('.ops li');
  await expect(done).toHaveCount(1);
  await expect(done.locator('.op__head')).toHaveText(/^Начисление\s*проведено$/);
  await expect(done).toContainText('777,77\u00a0₽');
  await expect(done.getByRole('button', { name: 'Вернуть' })).toBeVisible();
  expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(till);

  // The same code a second time is refused: each code is accepted once.
  await till.getByRole('link', { name: 'Следующий покупатель' }).click();
  await till.getByLabel('Код покупателя').fill(code!);
  await till.getByRole('button', { name: 'Найти покупателя' }).click();
  await expect(till.getByRole('alert')).toContainText('уже использован');
  await closeTill();

  await open(page, '/profile?t=operations');
  const accrual = page.getByTestId('operations').getByRole('listitem').filter({ hasText: '777,77' });
  await expect(accrual).toHaveCount(1);
  await expect(accrual).toContainText(point);
  await expect(accrual).toContainText('23,33');
});

/** A new customer who saved the sandbox's card through its Google Pay stand-in; answers the member code shown. */
async function memberWithSavedCard(page: Page, request: APIRequestContext, firstName: string) {
  const { token } = await loginThroughApi(page, request, freshPhone());
  const registered = await request.post('/api/user/newCard', {
    data: { firstName, lastName: 'Смирнов' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(registered.ok()).toBe(true);
  // The customer binds a card through the sandbox's Google Pay stand-in.
  await open(page, '/profile?t=cards');
  await page.getByRole('button', { name: 'Привязать Google Pay' }).click();
  await page.getByRole('radio', { name: /4242/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByTestId('google-binding-status')).toHaveText('Карта •••• 4242 сохранена');
  await open(page, '/profile');
  return (await page.locator('.member-code [data-code]').getAttribute('data-code'))!;
}

test('the till pays a cheque with the customer’s saved card (bound through Google Pay) and refunds it', async ({
  page,
  request,
  browser,
}) => {
  const key = await issueTillKey(1);
  const code = await memberWithSavedCard(page, request, 'Пётр');

  const { till, close: closeTill } = await openTillDevice(browser);
  await logInToTill(till, key);
  await till.getByLabel('Код покупателя').fill(code);
  await till.getByRole('button', { name: 'Найти покупателя' }).click();
  await expect(till.getByTestId('till-customer')).toHaveText('Пётр С.');
  const option = till.getByRole('group', { name: 'Оплата сохранённой картой покупателя •••• 4242' });
  await expect(option).toBeVisible();
  await expectNoAxeViolations(till);

  await till.getByLabel('Сумма чека, ₽').fill('500');
  await option.getByRole('button', { name: 'Оплатить остаток картой •••• 4242' }).click();
  await expect(till.getByRole('status')).toHaveText(
    'Оплачено картой •••• 4242: 500,00\u00a0₽. Списано 0\u00a0бонусов, начислено 15\u00a0бонусов: 3% оплаченного деньгами (ставка точки 3%).',
  );
  const paid = till.locator('.ops li');
  await expect(paid.locator('.op__head')).toHaveText(/^Оплата картой\s*проведено$/);
  await expect(paid).toContainText('500,00\u00a0₽');
  expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(till);
  await till.screenshot({ path: 'test-results/till-card-375.png', fullPage: true });

  await paid.getByRole('button', { name: 'Вернуть' }).click();
  await expect(till.getByRole('status')).toHaveText(
    'Возвращено: 500,00 ₽ вернутся на карту •••• 4242, бонусы пересчитаны.',
  );
  await expect(paid.locator('.op__head')).toHaveText(/^Оплата картой\s*возвращено$/);
  await closeTill();

  await open(page, '/profile?t=operations');
  const row = page.getByTestId('operations').getByRole('listitem').filter({ hasText: '500' });
  await expect(row).toHaveCount(1);
});

test('a cheque paid with the saved card gives one line back: its share of the card’s money goes back to the card (decision 063)', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const key = await issueTillKey(1);
  const code = await memberWithSavedCard(page, request, 'Ольга');
  const { till, close } = await openTillDevice(browser);
  await logInToTill(till, key);
  await till.getByLabel('Код покупателя').fill(code);
  await till.getByRole('button', { name: 'Найти покупателя' }).click();
  await expect(till.getByTestId('till-customer')).toHaveText('Ольга С.');
  // A baguette and two cappuccinos by their barcodes: 89,90 + 2 × 220 = 529,90 ₽, all of it by card.
  await till.getByLabel('Товары (необязательно)').fill('4607019001224\n4607019002108 2');
  const option = till.getByRole('group', { name: 'Оплата сохранённой картой покупателя •••• 4242' });
  await option.getByRole('button', { name: 'Оплатить остаток картой •••• 4242' }).click();
  await expect(till.getByRole('status')).toContainText('Оплачено картой •••• 4242: 529,90\u00a0₽');

  // One cappuccino comes back: half of the 22 bonuses it earned are taken, 220 ₽ go back to the card.
  await till.getByText('Вернуть часть товаров').click();
  await till.getByLabel('Капучино, 300 мл', { exact: true }).fill('1');
  await till.getByRole('button', { name: 'Вернуть выбранное' }).click();
  await expect(till.getByRole('status')).toHaveText(
    'Возврат проведён: покупателю вернули 0\u00a0бонусов, забрали 11\u00a0бонусов. На карту вернули 220,00\u00a0₽.',
  );
  expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(till);
  await till.screenshot({ path: test.info().outputPath('till-card-return-375.png'), fullPage: true });
  await close();
});
