import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { buyGiftCardByCard } from './support/gift-cards';
import { open } from './support/navigation';

// Issue 7, decision 023: a recipient adds a gift card's value to their balance and spends it at a shop with
// the sandbox card. It moves money, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';
const WIDTHS = [375, 1440];

/** Both widths: no axe violations, and a full-page screenshot of each to look at. */
async function checkAtBothWidths(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function moneyOf(request: APIRequestContext, token: string) {
  const response = await request.post('/api/loyalty/getUserBalance', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  return ((await response.json()) as { balance: { availableAmount: number; amount: number } }).balance;
}

test('the recipient adds the card to their balance and pays a shop with it and the sandbox card', async ({
  page,
  request,
}) => {
  // A purchase, the card page, a payment and the cabinet, each checked at two widths: 50 s alone, past 90 s on a
  // busy machine.
  test.setTimeout(150_000);
  const recipient = freshPhone();
  const { token } = await loginThroughApi(page, request, recipient);
  const registered = await request.post('/api/user/newCard', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Мария', lastName: 'Иванова' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const cardPath = await buyGiftCardByCard(request, recipient);

  // The link preview's picture is an absolute address on PUBLIC_URL.
  const html = await (await request.get(cardPath)).text();
  expect(html).toContain(
    `<meta property="og:image" content="${E2E.mutableUrl}/api/proxy/pictures/gift-1.webp"`,
  );

  // The card's page: the code behind the last 4 digits, then the value moves to the balance.
  await open(page, cardPath);
  await expect(page.getByTestId('gc-balance')).toHaveText(`1${NBSP}000${NBSP}₽`);
  await page.getByLabel('Последние 4 цифры телефона').fill(recipient.slice(-4));
  await page.getByRole('button', { name: 'Показать код' }).click();
  await expect(page.getByTestId('gc-code')).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(page.getByRole('heading', { name: 'Оплачивать на сайте' })).toBeVisible();
  await checkAtBothWidths(page, 'gc-card-add');
  await page.getByRole('button', { name: 'Добавить на мой баланс' }).click();
  await expect(
    page.getByText(`На ваш баланс добавлено 1${NBSP}000${NBSP}₽. Карта теперь пуста.`),
  ).toBeVisible();
  await expect(page.getByTestId('gc-added-balance')).toHaveText(`Ваш баланс: 1${NBSP}000${NBSP}₽`);
  await expect(page.getByTestId('gc-balance')).toHaveText(`0${NBSP}₽`);
  await checkAtBothWidths(page, 'gc-card-added');
  await open(page, cardPath);
  await expect(page.getByText('Деньги с этой карты добавлены на баланс получателя.')).toBeVisible();
  await expect(page.getByLabel('Последние 4 цифры телефона')).toHaveCount(0);
  expect(await moneyOf(request, token)).toEqual({ availableAmount: 0, amount: 1000 });

  // The cabinet shows the new balance and the deposit.
  await open(page, '/profile');
  await expect(page.getByTestId('money-balance')).toContainText(`1${NBSP}000`);
  await open(page, '/profile?t=operations');
  const deposit = page.getByTestId('operations').getByRole('listitem').first();
  await expect(deposit).toContainText('Подарочная карта');
  await expect(deposit).toContainText(`Зачислено: 1${NBSP}000`);

  // A 1 500 ₽ purchase at a 3% shop: the balance pays 1 000 ₽ first, the sandbox card the other 500 ₽.
  await open(page, '/loyalty?p=1&s=1500');
  await expect(page.getByTestId('extra-balance')).toHaveText(`1${NBSP}000${NBSP}₽`);
  await expect(page.getByRole('checkbox', { name: /Оплатить с баланса/ })).toBeChecked();
  await expect(page.getByText(`Спишем с баланса1${NBSP}000${NBSP}₽`)).toBeVisible();
  await expect(page.getByText(`К оплате500${NBSP}₽`)).toBeVisible();
  await expect(page.getByText(`Начислим бонусов45${NBSP}бонусов`)).toBeVisible();
  await checkAtBothWidths(page, 'loyalty-extra');
  // Switched off, the card would pay it all; switched back on, the balance pays first again.
  await page.getByRole('checkbox', { name: /Оплатить с баланса/ }).uncheck();
  await expect(page.getByText(`К оплате1${NBSP}500${NBSP}₽`)).toBeVisible();
  await page.getByRole('checkbox', { name: /Оплатить с баланса/ }).check();
  await expect(page.getByText(`К оплате500${NBSP}₽`)).toBeVisible();

  await page.getByRole('button', { name: `Оплатить 500${NBSP}₽` }).click();
  const popup = page.getByRole('dialog', { name: 'Подтвердите оплату' });
  await expect(popup.getByText(`Спишем с баланса1${NBSP}000${NBSP}₽`)).toBeVisible();
  await checkAtBothWidths(page, 'loyalty-extra-confirm');
  await popup.getByRole('button', { name: 'Подтвердить и оплатить' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  // On hold while the bank is asked: not spendable twice.
  expect((await moneyOf(request, token)).amount).toBe(0);
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByText(`Списано с баланса1${NBSP}000${NBSP}₽`)).toBeVisible();
  await expect(page.getByText(`Оплачено деньгами500${NBSP}₽`)).toBeVisible();
  await expect(page.getByText(`Начислено бонусов45${NBSP}бонусов`)).toBeVisible();
  await checkAtBothWidths(page, 'loyalty-extra-done');
  expect(await moneyOf(request, token)).toEqual({ availableAmount: 45, amount: 0 });

  // The cabinet: the balance is gone, the bonuses came, the purchase names what the balance paid.
  await page.getByRole('link', { name: 'В личный кабинет' }).click();
  await expect(page).toHaveURL(/\/profile\?t=operations$/);
  const purchase = page.getByTestId('operations').getByRole('listitem').first();
  await expect(purchase).toContainText('Сумма чека: 1');
  await expect(purchase).toContainText(`Оплачено с баланса: 1${NBSP}000${NBSP}рублей`);
  await expect(purchase).toContainText('+45');
  await checkAtBothWidths(page, 'cabinet-operations');
  await page.getByRole('link', { name: 'Карта', exact: true }).click();
  await expect(page.getByTestId('bonus-balance')).toContainText('45');
  await expect(page.getByTestId('money-balance')).toHaveCount(0);
});

test('a visitor is asked to log in; a customer logged in with another phone is told only the recipient may add the card', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const recipient = freshPhone();
  const cardPath = await buyGiftCardByCard(request, recipient);
  const visitorContext = await browser.newContext({ baseURL: E2E.mutableUrl, locale: 'ru-RU' });
  const visitor = await visitorContext.newPage();
  await open(visitor, cardPath);
  await visitor.getByLabel('Последние 4 цифры телефона').fill(recipient.slice(-4));
  await visitor.getByRole('button', { name: 'Показать код' }).click();
  await expect(
    visitor.getByText('Войдите с номером, на который пришла карта, затем откройте эту ссылку снова.'),
  ).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Войти', exact: true })).toHaveAttribute('href', '/login');
  await expect(visitor.getByRole('button', { name: 'Добавить на мой баланс' })).toHaveCount(0);
  await checkAtBothWidths(visitor, 'gc-card-visitor');
  await visitorContext.close();

  const other = `7958${String(Date.now()).slice(-7)}`;
  await loginThroughApi(page, request, other);
  await open(page, cardPath);
  await page.getByLabel('Последние 4 цифры телефона').fill(recipient.slice(-4));
  await page.getByRole('button', { name: 'Показать код' }).click();
  await page.getByRole('button', { name: 'Добавить на мой баланс' }).click();
  await expect(
    page.getByText(
      'Добавить карту на баланс может только получатель: войдите с номером, на который пришла карта',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('gc-balance')).toHaveText(`1${NBSP}000${NBSP}₽`);
  await checkAtBothWidths(page, 'gc-card-refused');
});
