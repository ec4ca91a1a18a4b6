import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  MARKETER_SECTIONS,
  createStaffThroughApi,
  firstLoginInConsole,
  freshMember,
  totpCode,
  uniqueEmail,
} from './support/admin';
import { freshPhone } from './support/cabinet';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';

// Staff accounts and the audit log are the deployment's own state: the journeys run on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const OWN_PASSWORD = 'console-own-password-1';

async function newDesk(browser: Browser) {
  const context = await browser.newContext({
    baseURL: E2E.mutableUrl,
    viewport: { width: 1440, height: 900 },
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test('the owner created with the token logs in with password and TOTP, creates staff, and each sees only their role', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerEmail = uniqueEmail('owner');
  const ownerOneTime = await createStaffThroughApi(ownerEmail, 'owner');
  const owner = await newDesk(browser);
  const page = owner.page;
  await page.goto('/admin');
  // Nobody logged in: the console sends them to its login.
  await expect(page).toHaveURL(/\/admin\/login$/);
  // The console's own stylesheets (console.css, then console-narrow.css), linked by the server's render, are the
  // client build's files.
  const sheets = page.locator('link[rel=stylesheet][href*="/console-"]');
  await expect(sheets).toHaveCount(2);
  for (const sheet of await sheets.evaluateAll((links) => links.map((l) => l.getAttribute('href')!))) {
    expect((await page.request.get(sheet)).status()).toBe(200);
  }
  await expectNoAxeViolations(page);
  const secret = await firstLoginInConsole(page, ownerEmail, ownerOneTime, OWN_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Разделы консоли' });
  await expect(nav.getByRole('link')).toHaveText([
    'Главная',
    'Участники',
    'Сотрудники',
    'Журнал изменений',
    'Ключи касс',
    'Подарочные карты',
    'Настройки и бренд',
    'Содержание сайта',
    'Программа',
    'Сегменты',
    'Промокоды',
    'Отчёты',
    'Чеки',
    'Фискальные чеки',
    'Каталог',
    'Рассылки',
    'Вебхуки',
  ]);
  await expectNoAxeViolations(page);

  // The owner creates a marketer and a support person: each one-time password is shown once.
  await nav.getByRole('link', { name: 'Сотрудники' }).click();
  await expect(page.getByRole('heading', { name: 'Сотрудники' })).toBeVisible();
  const created: Record<string, string> = {};
  for (const [role, label] of [
    ['marketer', 'Маркетолог'],
    ['support', 'Поддержка'],
  ] as const) {
    const email = uniqueEmail(role);
    const form = page.getByRole('form', { name: 'Новый сотрудник' });
    await form.getByLabel('Электронная почта').fill(email);
    await form.getByLabel('Роль').selectOption({ label });
    await form.getByRole('button', { name: 'Создать' }).click();
    await expect(page.getByText(`Временный пароль для ${email}`)).toBeVisible();
    created[email] = (await page.getByTestId('one-time-password').textContent())!;
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(
      'Аутентификатор не подключён',
    );
    // Created today, dd.mm.yyyy in the brand's zone (decision 054).
    const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date());
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(today);
  }
  await expectNoAxeViolations(page);

  // A till key: issued (shown once), listed, revoked.
  await nav.getByRole('link', { name: 'Ключи касс' }).click();
  const issue = page.getByRole('form', { name: 'Выпустить ключ' });
  // The point is picked from the brand's points by name and address (decision 054), not typed as a number.
  await issue
    .getByLabel('Точка', { exact: true })
    .selectOption({ label: 'Супермаркет «Берёзка» на Баумана — Казань, ул. Баумана, 19' });
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/admin-till-keys-${width}.png`, fullPage: true });
  }
  // A label of this run's own: a retried journey finds its key, not the first attempt's.
  const tillLabel = `Касса консоли ${ownerEmail.split('@')[0]}`;
  await issue.getByLabel('Подпись').fill(tillLabel);
  await issue.getByRole('button', { name: 'Выпустить ключ' }).click();
  await expect(page.getByTestId('till-key')).toHaveText(/^till_/);
  const row = page.getByRole('row').filter({ hasText: tillLabel });
  await expect(row).toContainText('Супермаркет «Берёзка» на Баумана (№ 1)');
  // Dates in dd.mm.yyyy в HH:MM, the brand's zone, never the browser's «11/28/2026, 11:23 AM».
  const at = /\d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}/;
  await expect(row.getByRole('cell').nth(3)).toHaveText(new RegExp(`^${at.source}$`));
  await row.getByRole('button', { name: 'Отозвать' }).click();
  await expect(row).toContainText(new RegExp(`Отозван ${at.source}`));
  await expectNoAxeViolations(page);

  // The audit log names the owner for each change, and the token ("system") for the owner's own account.
  await nav.getByRole('link', { name: 'Журнал изменений' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Ключ кассы отозван' })).toContainText(ownerEmail);
  for (const email of Object.keys(created)) {
    await expect(
      page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Сотрудник создан' }),
    ).toContainText(ownerEmail);
  }
  const filters = page.getByRole('form', { name: 'Журнал изменений' });
  await filters.getByLabel('Кто (почта или system)').fill('system');
  await filters.getByLabel('Действие').selectOption({ label: 'Сотрудник создан' });
  await filters.getByRole('button', { name: 'Показать' }).click();
  await expect(page.getByRole('row').filter({ hasText: ownerEmail }).first()).toContainText(
    'система (токен)',
  );
  await expectNoAxeViolations(page);

  // At 768 px the console screens stay usable and accessible.
  await page.setViewportSize({ width: 768, height: 1024 });
  for (const link of ['Сотрудники', 'Журнал изменений', 'Ключи касс']) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
    await expectNoAxeViolations(page);
  }

  // The next login asks for the authenticator's code (the next time step's, as a fresh code would be).
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('heading', { name: 'Вход в консоль' })).toBeVisible();
  await page.getByLabel('Электронная почта').fill(ownerEmail);
  await page.getByLabel('Пароль').fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Код подтверждения' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Код из приложения').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('heading', { name: 'Главная' })).toBeVisible();
  await owner.close();

  // Each new person logs in and sees only what the role allows; the server refuses the rest.
  for (const [email, oneTime] of Object.entries(created)) {
    const desk = await newDesk(browser);
    await firstLoginInConsole(desk.page, email, oneTime, OWN_PASSWORD);
    const theirNav = desk.page.getByRole('navigation', { name: 'Разделы консоли' });
    const isSupport = email.startsWith('support');
    await expect(theirNav.getByRole('link')).toHaveText(
      isSupport ? ['Главная', 'Участники', 'Чеки', 'Вебхуки'] : MARKETER_SECTIONS,
    );
    if (isSupport) await supportCaresForAMember(desk.page);
    await desk.page.goto('/admin/staff');
    await expect(desk.page.getByRole('alert')).toHaveText('Вашей роли это недоступно');
    const staffList = await desk.page.request.get('/api/admin/staff');
    expect(staffList.status()).toBe(403);
    expect((await staffList.json()).code).toBe('FORBIDDEN');
    const settings = await desk.page.request.get('/api/operator/settings');
    expect(settings.status()).toBe(email.startsWith('marketer') ? 200 : 403);
    await expectNoAxeViolations(desk.page);
    await desk.close();
  }
});

/**
 * Support finds a member by phone, adjusts their bonuses with a reason, blocks and unblocks their card; the
 * deletion is not theirs (decision 053: e2e/admin-member-care.spec.ts).
 */
async function supportCaresForAMember(page: Page) {
  const phone = freshPhone();
  await freshMember(page.request, phone);
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Участники' })
    .click();
  await page
    .getByLabel('Телефон, номер карты (или 4 последние цифры), фамилия и имя')
    .fill(phone.slice(0, 10));
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.getByRole('link', { name: `Открыть ${phone}` }).click();
  const card = page.getByRole('region', { name: /Анна/ });
  await expect(card.getByText('Бонусы: 0 · На счёте: 0,00 ₽')).toBeVisible();
  await expectNoAxeViolations(page);
  const adjust = card.getByRole('form', { name: 'Корректировка бонусов' });
  await adjust.getByLabel('Сколько бонусов (+ начислить, − списать)').fill('150');
  await adjust.getByLabel('Причина').fill('Компенсация за сбой');
  await adjust.getByRole('button', { name: 'Провести' }).click();
  await expect(card.getByText('Готово. Бонусов теперь: 150')).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: 'Корректировка: Компенсация за сбой' })).toContainText(
    '+150',
  );
  // The page's further parts: holds, saved cards, operations filtered by type, the login SMS again.
  await expect(card.getByText('Удержано платежами в процессе: 0 бонусов · со счёта 0,00 ₽')).toBeVisible();
  await expect(card.getByText('Сохранённых карт нет.')).toBeVisible();
  const filter = card.getByRole('form', { name: 'Фильтр операций' });
  await filter.getByLabel('Вид').selectOption({ label: 'Оплата' });
  await filter.getByRole('button', { name: 'Показать' }).click();
  await expect(card.getByText('Операций нет.')).toBeVisible();
  await filter.getByLabel('Вид').selectOption({ label: 'Начисление' });
  await filter.getByRole('button', { name: 'Показать' }).click();
  await expect(card.getByRole('row').filter({ hasText: 'Корректировка: Компенсация за сбой' })).toBeVisible();
  // The member got a code moments ago: the site's 60-second gap holds for the console too.
  await card.getByRole('button', { name: 'Отправить СМС с кодом входа' }).click();
  await expect(card.getByRole('alert')).toHaveText(/^Повторная отправка кода возможна через \d+ с$/);
  await expectNoAxeViolations(page);

  // Beyond the support role's limit of 1,000 the server refuses.
  await adjust.getByLabel('Сколько бонусов (+ начислить, − списать)').fill('5000');
  await adjust.getByLabel('Причина').fill('Слишком щедро');
  await adjust.getByRole('button', { name: 'Провести' }).click();
  await expect(card.getByRole('alert')).toHaveText('Сумма больше, чем разрешено вашей роли');
  await card.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(card.getByText('· заблокирована')).toBeVisible();
  await card.getByRole('button', { name: 'Разблокировать' }).click();
  await expect(card.getByRole('button', { name: 'Заблокировать' })).toBeVisible();
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Deleting an account is the owner's (decision 053): support does not see it.
  await expect(card.getByRole('region', { name: 'Удаление аккаунта' })).toHaveCount(0);
}

test('an unknown console section answers 404 with its text, rendered by the server', async ({ request }) => {
  const answer = await request.get('/admin/no-such-section');
  expect(answer.status()).toBe(404);
  expect(await answer.text()).toContain('Такого раздела нет.');
  // Known sections (and the login) still answer 200.
  expect((await request.get('/admin/members')).status()).toBe(200);
  expect((await request.get('/admin/login')).status()).toBe(200);
});
