import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshPhone, lastCode, loginThroughApi } from './support/cabinet';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open, waitForHydration } from './support/navigation';

// The member's app (docs/decisions/028): offline card, installability, the customer's own data. These journeys
// log in fresh customers and delete accounts, so they run on the mutable server, with the service worker on.
test.use({ baseURL: E2E.mutableUrl, serviceWorkers: 'allow' });

/** A fresh customer with a card, logged in in this page. */
async function customerWithCard(page: Page, request: APIRequestContext) {
  const phone = freshPhone();
  const { token } = await loginThroughApi(page, request, phone);
  const card = await request.post('/api/user/newCard', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Ольга', lastName: 'Морозова' },
  });
  expect(card.ok()).toBe(true);
  return phone;
}

/** Waits until the service worker controls the page (its first install claims the open page). */
async function waitForServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
}

test('the card, its code and digits open offline after login; other pages say there is no network', async ({
  page,
  context,
}) => {
  await customerWithCard(page, page.request);
  await open(page, '/profile');
  await expect(page.getByTestId('bonus-balance')).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await waitForHydration(page);
  await expect(
    page.getByText('Нет соединения с интернетом. Код для кассы работает и без сети.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-код карты для кассы' })).toBeVisible();
  await expect(page.getByTestId('member-code-countdown')).toHaveText(/^Код обновится через [0-2]:[0-5]\d$/);
  await expect(page.getByTestId('balance-as-of')).toHaveText(/^Баланс на \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}$/);
  await page.getByRole('button', { name: 'Показать на весь экран' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Код для кассы' });
  await expect(dialog.getByTestId('member-code-digits')).toHaveText(/^\d{4} \d{4} \d{4} \d{4} \d{3} \d{3}$/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'Нет соединения с интернетом' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Открыть карту' })).toHaveAttribute('href', '/profile');
  await expectNoAxeViolations(page);

  // Back online, logging out forgets the offline card and the kept pages.
  await context.setOffline(false);
  await open(page, '/profile');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const kept = await page.evaluate(async () => ({
    card: window.localStorage.getItem('kopilka.offlineCard'),
    pages: await caches.has('kopilka-pages-v1'),
  }));
  expect(kept).toEqual({ card: null, pages: false });
});

test('the site meets the install criteria: a manifest with icons, start_url and display, and a worker in control', async ({
  page,
  request,
}) => {
  await open(page, '/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.json');
  const manifest = await (await request.get('/manifest.json')).json();
  expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
  expect(manifest.name || manifest.short_name).toBeTruthy();
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe(icon.type);
  }
  await waitForServiceWorker(page);
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // Its own strict policy: this origin only, no sandbox (which would leave it without an origin to cache for).
  expect(worker.headers()['content-security-policy']).toBe(
    "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'",
  );
  expect(await worker.text()).toContain('addEventListener("fetch"');
});

test('"Скачать мои данные" downloads the JSON and an Excel-ready CSV of the operations', async ({ page }) => {
  const phone = await customerWithCard(page, page.request);
  await open(page, '/profile?t=profile');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать мои данные' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ phone, firstName: 'Ольга', lastName: 'Морозова' });
  expect(data.cards).toHaveLength(1);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Операции для Excel (CSV)' }).click(),
  ]);
  const bytes = readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
    'Дата;Место;Операция;Статус;Сумма, ₽;Начислено бонусов;Списано бонусов;Списано с баланса, ₽;Товары',
  );
});

test.describe('deletion', () => {
  // The SMS step-up comes within a minute of the login: the clock server can move past the resend gap.
  test.use({ baseURL: E2E.clockUrl });

  test('a customer deletes the account with a fresh SMS code, and the phone registers again', async ({
    page,
  }) => {
    const phone = await customerWithCard(page, page.request);
    await open(page, '/profile?t=profile');
    await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
    await expect(page.getByText(/^Аккаунт будет удалён безвозвратно/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    const stepUp = page.getByRole('group', { name: 'Подтвердите номер телефона' });
    await expect(stepUp.getByText('Чтобы удалить аккаунт, введите код из СМС')).toBeVisible();
    // The login's code went a moment ago: past the 60 s resend gap on this server's movable clock.
    const before = await lastCode(page.request, phone);
    expect((await page.request.post('/api/dev/clock', { data: { advanceMinutes: 2 } })).ok()).toBe(true);
    await stepUp.getByRole('button', { name: 'Отправить код' }).click();
    let code = before;
    await expect.poll(async () => (code = await lastCode(page.request, phone))).not.toBe(before);
    await stepUp.getByLabel('Пароль из СМС').fill(code);
    await stepUp.getByRole('button', { name: 'Подтвердить' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Аккаунт удалён. Спасибо, что были с нами.')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();

    // The phone is free: a new login finds no card (code 3) and no balance.
    const { token } = await loginThroughApi(page, page.request, phone);
    const info = await page.request.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
    expect((await info.json()).code).toBe(3);
  });
});
