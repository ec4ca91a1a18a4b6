import { expect, test, type Page } from '@playwright/test';
import { customerWithCard, DEMO_PHONE, loginThroughApi } from './support/cabinet';
import { saveOnSandbox } from './support/sandbox-bank';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';

// Saving cards changes data, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('a customer saves a bank card through the sandbox page, sees it, and removes it in the popup', async ({
  page,
  request,
}) => {
  test.slow(); // a bank page, the cards tab and its popup, each scanned by axe
  await customerWithCard(page, request);
  await open(page, '/profile?t=cards');
  const section = page.getByRole('region', { name: 'Банковские карты' });
  await expect(section.getByText('Сохранённых карт пока нет.')).toBeVisible();
  await section.getByRole('button', { name: 'Сохранить банковскую карту' }).click();
  await saveOnSandbox(page, '4111 1111 1111 1111');

  await expect(page).toHaveURL(/\/profile\?t=cards&binding=[0-9a-f-]{36}$/);
  await expect(section.getByText('Карта •••• 1111 сохранена')).toBeVisible();
  const saved = page.getByTestId('saved-cards').getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('•••• 1111');
  await expect(saved.first()).toContainText('до 11/29');
  await expectNoAxeViolations(page);

  await saved.first().getByRole('button', { name: 'Удалить' }).click();
  const popup = page.getByRole('dialog', { name: 'Удаление карты' });
  await expect(
    popup.getByText('Удалить карту •••• 1111? Её больше нельзя будет выбрать для оплаты.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await popup.getByRole('button', { name: 'Удалить карту' }).click();
  await expect(popup).toHaveCount(0);
  await expect(section.getByText('Карта •••• 1111 удалена')).toBeVisible();
  // Only the newest news stays: the card is no longer said to be saved.
  await expect(section.getByText('Карта •••• 1111 сохранена')).toHaveCount(0);
  await expect(section.getByText('Сохранённых карт пока нет.')).toBeVisible();
});

test('a declined card is not saved and the cabinet says so in the spec’s words', async ({
  page,
  request,
}) => {
  await customerWithCard(page, request);
  await open(page, '/profile?t=cards');
  await page.getByRole('button', { name: 'Сохранить банковскую карту' }).click();
  await saveOnSandbox(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/binding=/);
  await expect(page.getByRole('alert')).toHaveText('Что-то пошло не так. Пожалуйста, обновите страницу.');
  await expect(page.getByText('Сохранённых карт пока нет.')).toBeVisible();
});

test('an older login confirms the phone by SMS again before the card page opens', async ({
  page,
  request,
}) => {
  // The demo customer: its fixed test code (SMS_TEST_OTP) has no resend gap, so the journey need not wait 60 s.
  await loginThroughApi(page, request, DEMO_PHONE);
  // The server would answer this after 10 minutes; the journey cannot wait that long, so the first answer is
  // the server's own refusal, replayed. Everything after it is real.
  let refused = false;
  await page.route('**/api/user/bindExtraPayment', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'SMS_CONFIRMATION_REQUIRED',
        message: 'Подтвердите номер телефона кодом из СМС',
      }),
    });
  });
  await open(page, '/profile?t=cards');
  await page.getByRole('button', { name: 'Сохранить банковскую карту' }).click();
  const stepUp = page.getByRole('group', { name: 'Подтвердите номер телефона' });
  await expect(
    stepUp.getByText('Чтобы сохранить карту, введите код из СМС, отправленного на ваш номер.'),
  ).toBeVisible();
  await stepUp.getByRole('button', { name: 'Отправить код' }).click();
  await expect(stepUp.getByText('Повторная отправка возможна через', { exact: false })).toBeVisible();
  await stepUp.getByLabel('Пароль из СМС').fill(E2E.demoOtp);
  await stepUp.getByRole('button', { name: 'Подтвердить' }).click();
  await saveOnSandbox(page, '4111 1111 1111 1111');
  await expect(page.getByText('Карта •••• 1111 сохранена')).toBeVisible();
});

test('a saved card pays the rest of a purchase without the bank’s page', async ({ page, request }) => {
  await customerWithCard(page, request);
  await open(page, '/profile?t=cards');
  await page.getByRole('button', { name: 'Сохранить банковскую карту' }).click();
  await saveOnSandbox(page, '4111 1111 1111 1111');
  await expect(page.getByText('Карта •••• 1111 сохранена')).toBeVisible();

  // The coffee shop (8%): no demo campaign runs there, so the bonuses are the same on any day of the week.
  await open(page, '/loyalty?p=7&s=200');
  await page.getByRole('radio', { name: 'Сохранённой картой •••• 1111' }).check();
  await page.getByRole('button', { name: 'Оплатить 200\u00a0₽' }).click();
  const popup = page.getByRole('dialog', { name: 'Подтвердите оплату' });
  await expect(popup.getByText('Сохранённой картой •••• 1111')).toBeVisible();
  await popup.getByRole('button', { name: 'Подтвердить и оплатить' }).click();
  await expect(page).toHaveURL(/\/loyalty\/finish\?/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByText('Начислено бонусов16\u00a0бонусов')).toBeVisible();
});

/** The sandbox's stand-in for a wallet sheet: pick a test card of the wallet and continue. */
async function chooseInSandboxWallet(page: Page, wallet: 'Google Pay' | 'Apple Pay', card: RegExp) {
  await expect(page).toHaveURL(/\/sandbox\/wallet\//);
  await expect(page.getByRole('heading', { name: wallet })).toBeVisible();
  await page.getByRole('radio', { name: card }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
}

test('a customer binds a card through Google Pay (sandbox) and sees it among the saved cards', async ({
  page,
  request,
}) => {
  await customerWithCard(page, request);
  await open(page, '/profile?t=cards');
  const wallets = page.getByRole('group', { name: 'Google Pay и Apple Pay' });
  await wallets.getByRole('button', { name: 'Привязать Google Pay' }).click();
  await chooseInSandboxWallet(page, 'Google Pay', /4242/);
  // Back in the cabinet with the token in the fragment, which the page takes once and clears.
  await expect(page).toHaveURL(/\/profile\?t=cards$/);
  await expect(page.getByTestId('google-binding-status')).toHaveText('Карта •••• 4242 сохранена');
  await expect(page.getByTestId('saved-cards').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('saved-cards')).toContainText('•••• 4242');
});

test('a customer binds a card through Apple Pay (sandbox): the binding status goes from pending to ok', async ({
  page,
  request,
}) => {
  await customerWithCard(page, request);
  // Hold the server's answer a moment so the pending status can be seen; the answer itself is the server's.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/appleBindingCard', async (route) => {
    await held;
    await route.continue();
  });
  await open(page, '/profile?t=cards');
  await page.getByRole('button', { name: 'Привязать Apple Pay' }).click();
  await chooseInSandboxWallet(page, 'Apple Pay', /4242/);
  const status = page.getByTestId('apple-binding-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toHaveText('Привязываем Apple Pay…');
  release();
  await expect(status).toHaveAttribute('data-status', 'ok');
  await expect(status).toHaveText('Карта •••• 4242 сохранена');
  await expect(page.getByTestId('saved-cards')).toContainText('•••• 4242');
});

test('a wallet binding the bank refuses shows the spec’s text and saves nothing', async ({
  page,
  request,
}) => {
  await customerWithCard(page, request);
  await open(page, '/profile?t=cards');
  await page.getByRole('button', { name: 'Привязать Apple Pay' }).click();
  await chooseInSandboxWallet(page, 'Apple Pay', /не примет/);
  const status = page.getByTestId('apple-binding-status');
  await expect(status).toHaveAttribute('data-status', 'error');
  await expect(status).toHaveText('Что-то пошло не так. Пожалуйста, обновите страницу или свяжитесь с нами.');
  await expect(status).toHaveAttribute('role', 'alert');
  await expect(page.getByText('Сохранённых карт пока нет.')).toBeVisible();
});

test('a link carrying a wallet token binds nothing: only a wallet step the customer started is taken', async ({
  page,
  request,
}) => {
  // Someone else's wallet token, in a link they send the customer.
  const chosen = await request.post('/sandbox/wallet/google', {
    form: { answer: 'pay', card: 'approved', return: '/profile?t=cards' },
    maxRedirects: 0,
  });
  const crafted = chosen.headers()['location']!;
  expect(crafted).toContain('walletToken=');
  await customerWithCard(page, request);
  await open(page, crafted);
  await expect(page).toHaveURL(/\/profile\?t=cards$/);
  await expect(page.getByRole('button', { name: 'Привязать Google Pay' })).toBeVisible();
  await expect(page.getByTestId('google-binding-status')).toHaveCount(0);
  await expect(page.getByText('Сохранённых карт пока нет.')).toBeVisible();
});

for (const width of [375, 1440]) {
  test(`the cards tab with its wallet buttons passes axe at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await customerWithCard(page, request);
    await open(page, '/profile?t=cards');
    await page.getByRole('button', { name: 'Привязать Google Pay' }).click();
    await chooseInSandboxWallet(page, 'Google Pay', /4242/);
    await expect(page.getByTestId('google-binding-status')).toHaveText('Карта •••• 4242 сохранена');
    await expect(page.getByRole('button', { name: 'Привязать Apple Pay' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/cards-tab-wallets-${width}.png`, fullPage: true });
  });
}
