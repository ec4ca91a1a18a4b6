import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PHONE, loginThroughApi } from './support/cabinet';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { withSettings } from './support/operator';
import { payOnSandboxCard, SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK } from './support/sandbox-bank';

// Payments move bonuses and write operations, so they run on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';

async function confirmPayment(page: Page) {
  const popup = page.getByRole('dialog', { name: 'Подтвердите оплату' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Подтвердить и оплатить' }).click();
}

/** Turns off spending the money-like balance (certificates, gift cards), which the page offers switched on. */
async function keepMoneyBalance(page: Page) {
  const toggle = page.getByRole('checkbox', { name: /Оплатить с баланса/ });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByText('Спишем с баланса')).toHaveCount(0);
}

/** The demo customer's spendable bonuses, as the server counts them. */
async function demoBonuses(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.post('/api/loyalty/getUserBalance', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { balance: { availableAmount: number } }).balance.availableAmount;
}

test('a visitor pays a coffee shop by card, earns bonuses and e-mails the cheque', async ({
  page,
  request,
}) => {
  // The first HTML already names the shop and the sum (rendered on the server from the QR's query).
  const html = await (await request.get('/loyalty?p=3&s=500')).text();
  expect(html).toContain('Кофейня «Берёзка» на Пушкина');

  await open(page, '/loyalty?p=3&s=500');
  await expect(page.getByRole('heading', { name: 'Оплата покупки', level: 1 })).toBeVisible();
  await expect(page.getByText('Бонусирование: 10%')).toBeVisible();
  // A visitor has no bonuses: nothing to spend, and they are not shown as logged in.
  await expect(page.getByRole('checkbox', { name: /Списать бонусы/ })).toBeDisabled();
  await expect(page.getByText(`Начислим бонусов50${NBSP}бонусов`)).toBeVisible();
  await page.getByRole('button', { name: `Оплатить 500${NBSP}₽` }).click();
  await confirmPayment(page);

  await payOnSandboxCard(page, SANDBOX_CARD_OK);
  await expect(page).toHaveURL(/\/loyalty\/finish\?d=[0-9a-f-]{36}&p=3&s=500$/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByTestId('confirmation-code')).toHaveText(/^\d{6}$/);
  await expect(page.getByText(`Начислено бонусов50${NBSP}бонусов`)).toBeVisible();
  const cheque = page.getByRole('link', { name: 'Открыть чек' });
  await expect(cheque).toHaveAttribute('href', /\/cheque\/[0-9a-f-]{36}\?k=/);
  const chequePage = await request.get((await cheque.getAttribute('href'))!);
  expect(chequePage.status()).toBe(200);
  expect(await chequePage.text()).toContain('Кофейня «Берёзка» на Пушкина');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  const email = `cheque-${Date.now()}@example.ru`;
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Отправить чек' }).click();
  await expect(page.getByText(`Чек отправлен на ${email}`)).toBeVisible();
  const mail = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Array<{
    subject: string;
  }>;
  expect(mail).toHaveLength(1);

  // Coming back to the payment page does not pay twice: the paid draft is recognised.
  await open(page, '/loyalty?p=3&s=500');
  await expect(page.getByRole('heading', { name: 'Оплата уже начата' })).toBeVisible();
});

test('the demo customer spends bonuses, the bank declines and the bonuses come back, then the card pays', async ({
  page,
  request,
}) => {
  const { token } = await loginThroughApi(page, request, DEMO_PHONE);
  const before = await demoBonuses(request, token);
  expect(before).toBeGreaterThan(0);
  const spendable = Math.min(Math.floor(1000 * 0.5), Math.floor(before));

  await open(page, '/loyalty?p=1&s=1000');
  // The demo customer's certificate balance would be spent first (decision 023): this journey is about bonuses.
  await keepMoneyBalance(page);
  const toggle = page.getByRole('checkbox', { name: /Списать бонусы/ });
  await expect(toggle).toBeChecked();
  await expect(page.getByText(`К оплате${1000 - spendable}${NBSP}₽`)).toBeVisible();
  await toggle.uncheck();
  await expect(page.getByText(`Спишем бонусов0${NBSP}бонусов`)).toBeVisible();
  await expect(page.getByText(`Начислим бонусов30${NBSP}бонусов`)).toBeVisible();
  await toggle.check();
  await expect(page.getByText(new RegExp(`^Спишем бонусов${spendable}${NBSP}бонус`))).toBeVisible();

  await page.getByRole('button', { name: /^Оплатить / }).click();
  await confirmPayment(page);
  await payOnSandboxCard(page, SANDBOX_CARD_DECLINED);

  await expect(page).toHaveURL(/\/loyalty\/finish\?/);
  const error = page.getByRole('alert');
  await expect(error.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  await expect(error.getByText('Банк отклонил платёж')).toBeVisible();
  await expect(error.getByText('Код ошибки: DECLINED')).toBeVisible();
  await expect(error.getByRole('link', { name: '+7 (800) 555-35-35' })).toBeVisible();
  expect(await demoBonuses(request, token)).toBe(before);

  await error.getByRole('link', { name: 'Вернуться на страницу оплаты' }).click();
  await expect(page).toHaveURL(/\/loyalty\?p=1&s=1000$/);
  await expect(page.getByRole('checkbox', { name: /Списать бонусы/ })).toBeChecked();
  await keepMoneyBalance(page);

  // Again with the test card that pays: bonuses and the card together.
  await page.getByRole('button', { name: `Оплатить ${1000 - spendable}${NBSP}₽` }).click();
  await confirmPayment(page);
  await payOnSandboxCard(page, SANDBOX_CARD_OK);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Списано бонусов${spendable}${NBSP}бонус`))).toBeVisible();
  await expect(page.getByText(`Оплачено деньгами${1000 - spendable}${NBSP}₽`)).toBeVisible();
  const earned = Math.floor((1000 - spendable) * 3) / 100;
  expect(await demoBonuses(request, token)).toBeCloseTo(before - spendable + earned, 2);
});

test('with a 100% spend limit the demo customer pays with bonuses only, and the cabinet shows it', async ({
  page,
  request,
}) => {
  await withSettings(
    (settings) => ({ ...settings, maxSpendPercent: 100 }),
    async () => {
      const { token } = await loginThroughApi(page, request, DEMO_PHONE);
      const before = await demoBonuses(request, token);
      expect(before).toBeGreaterThanOrEqual(40);
      await open(page, '/loyalty?p=3&s=40');
      await keepMoneyBalance(page);
      await expect(page.getByText('Бонусами можно оплатить до 100% покупки')).toBeVisible();
      await expect(page.getByText(`Спишем бонусов40${NBSP}бонусов`)).toBeVisible();
      await page.getByRole('button', { name: 'Оплатить бонусами' }).click();
      await confirmPayment(page);

      await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
      await expect(page.getByText(`Списано бонусов40${NBSP}бонусов`)).toBeVisible();
      await expect(page.getByText(`Оплачено деньгами0${NBSP}₽`)).toBeVisible();
      const after = await demoBonuses(request, token);
      expect(after).toBeCloseTo(before - 40, 2);

      await page.getByRole('link', { name: 'В личный кабинет' }).click();
      await expect(page).toHaveURL(/\/profile\?t=operations$/);
      const newest = page.getByTestId('operations').getByRole('listitem').first();
      await expect(newest).toContainText('Кофейня «Берёзка» на Пушкина');
      await expect(newest).toContainText('40');
      await page.getByRole('link', { name: 'Карта', exact: true }).click();
      const shown = Number(
        (await page.getByTestId('bonus-balance').innerText()).replace(/[^\d,]/g, '').replace(',', '.'),
      );
      expect(shown).toBeCloseTo(after, 2);
    },
  );
});

test('paying through SBP: the bank picker, then the finish page waits for the bank', async ({
  page,
  context,
}) => {
  // The coffee shop (8%): no demo campaign runs there, so the bonuses are the same on any day of the week.
  await open(page, '/loyalty?p=7&s=150');
  await page.getByRole('radio', { name: 'Через СБП' }).check();
  await page.getByRole('button', { name: `Оплатить 150${NBSP}₽` }).click();
  await confirmPayment(page);

  const sheet = page.getByRole('dialog', { name: 'Подтвердите оплату в Вашем банковском приложение' });
  await expect(sheet.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeVisible();
  const link = await sheet.getByRole('link', { name: 'Открыть ссылку на оплату' }).getAttribute('href');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Проверить оплату' }).click();
  await expect(page.getByRole('heading', { name: 'Ожидаем подтверждение оплаты…' })).toBeVisible();

  // The customer confirms in the bank (the sandbox's SBP page, on the phone); this page notices by itself.
  const bank = await context.newPage();
  await bank.goto(link!);
  await bank.getByRole('button', { name: 'Подтвердить оплату' }).click();
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Начислено бонусов12${NBSP}бонусов`)).toBeVisible();
});

test('paying at the till records the purchase at once, without the bank', async ({ page }) => {
  await open(page, '/loyalty?p=5&s=99.9');
  await page.getByRole('radio', { name: 'На кассе' }).check();
  await expect(page.getByText('Оплата на кассе магазина: бонусы при этом не списываются.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Списать бонусы/ })).toBeDisabled();
  await page.getByRole('button', { name: `Оплатить 99,90${NBSP}₽` }).click();
  await confirmPayment(page);
  await expect(page).toHaveURL(/\/loyalty\/finish\?d=.+&p=5&s=99.9$/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
});

test('a QR without a sum asks for it; an unknown shop shows the loyalty error screen', async ({ page }) => {
  await open(page, '/loyalty?p=4');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(
    page.getByText('Введите сумму больше нуля, не больше двух знаков после запятой'),
  ).toBeVisible();
  await page.getByLabel('Сумма покупки, ₽').fill('250,50');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/loyalty\?p=4&s=250.5$/);
  await expect(page.getByRole('button', { name: `Оплатить 250,50${NBSP}₽` })).toBeVisible();

  await open(page, '/loyalty?p=99999&s=100');
  const error = page.getByRole('alert');
  await expect(error.getByRole('heading', { name: 'Магазин не найден' })).toBeVisible();
  await expect(error.getByRole('link', { name: 'help@berezka.example' })).toBeVisible();
});

test('the old payment page pays by card without bonuses', async ({ page }) => {
  await open(page, '/loyalty/oldpayment?p=7&s=320');
  await expect(page.getByText('Оплата картой без списания бонусов.')).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить картой' }).click();
  await payOnSandboxCard(page, SANDBOX_CARD_OK);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByText(`Начислено бонусов25,60${NBSP}бонуса`)).toBeVisible();
});

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

for (const { width, phone } of [
  { width: 375, phone: true },
  { width: 1440, phone: false },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, ...(phone && { userAgent: ANDROID }) });

    test('the payment page, its popups, the bank sheet and the result pass the accessibility check', async ({
      page,
    }) => {
      // Two payments and six axe scans: 15 to 28 s alone on a busy 2-core machine, near the default 30 s.
      test.slow();
      await open(page, '/loyalty?p=2&s=120');
      await expect(page.getByText('К оплате')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Как это работает' }).click();
      await expect(page.getByRole('dialog', { name: 'Бонусы за покупки' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await page.getByRole('radio', { name: 'Через СБП' }).check();
      await page.getByRole('button', { name: `Оплатить 120${NBSP}₽` }).click();
      await expect(page.getByRole('dialog', { name: 'Подтвердите оплату' })).toBeVisible();
      await expectNoAxeViolations(page);
      await confirmPayment(page);
      const sheet = page.getByRole('dialog', { name: 'Подтвердите оплату в Вашем банковском приложение' });
      await expect(
        phone ? sheet.getByRole('searchbox', { name: 'Поиск' }) : sheet.getByRole('img'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Проверить оплату' })).toBeVisible();
      await expectNoAxeViolations(page);

      await open(page, '/loyalty/finish?d=00000000-0000-4000-8000-000000000000&p=2&s=120');
      await expect(page.getByRole('heading', { name: 'Оплата не найдена' })).toBeVisible();
      await expectNoAxeViolations(page);

      await open(page, '/loyalty?p=2&s=60');
      await page.getByRole('radio', { name: 'На кассе' }).check();
      await page.getByRole('button', { name: `Оплатить 60${NBSP}₽` }).click();
      await confirmPayment(page);
      await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
