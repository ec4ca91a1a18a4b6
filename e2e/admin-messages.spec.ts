import { expect, test } from '@playwright/test';
import { staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';

// Campaigns are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the marketer reads the demo campaign’s results, writes a campaign, previews it, sends it to herself, then to everyone', async ({
  page,
  request,
}) => {
  // A console login hashes two passwords (argon2id): slow on the shared 2-core machine.
  test.setTimeout(90_000);
  await staffInConsole(page, 'marketer');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Рассылки' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Рассылки' })).toBeVisible();

  // The demo's finished campaign: both groups and the lift.
  await page.getByRole('button', { name: 'Открыть: Демо: двойные бонусы в выходные' }).click();
  const results = page.getByRole('table', { name: 'Результаты по группам' });
  await expect(results.getByRole('row', { name: /Участников/ })).toContainText(/Участников\s*24\s*8/);
  await expect(page.getByText('Прирост конверсии', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Все рассылки' })).toContainText('Мы скучаем');
  await page.screenshot({ path: 'test-results/admin-messages-1440.png', fullPage: true });

  // A template with a variable that does not exist is refused, saying which.
  const form = page.getByRole('form', { name: 'Новая рассылка' });
  await form.getByLabel('Название', { exact: true }).fill('Весенняя распродажа');
  await form.getByLabel('Текст', { exact: true }).fill('{фамилия}, скидка 20%!');
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('alert')).toContainText('Нет такой переменной: {фамилия}');

  await form
    .getByLabel('Текст', { exact: true })
    .fill('{имя}, скидка 20% до воскресенья! https://kopilka.example/sale');
  await form.getByLabel('Контрольная группа, %', { exact: true }).fill('20');
  await form.getByLabel('Бюджет: не больше SMS', { exact: true }).fill('500');
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Рассылка создана' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Весенняя распродажа' })).toBeVisible();

  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(page.getByTestId('message-preview')).toContainText(
    /скидка 20% до воскресенья! http:\/\/localhost:\d+\/r\/0{12}0/,
  );

  const phone = `7901${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Ваш телефон для теста', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Отправить себе' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Тестовое сообщение отправлено: ${phone}` }),
  ).toBeVisible();
  const outbox = await (await request.get(`/api/dev/outbox?phone=${phone}`)).json();
  expect(JSON.stringify(outbox)).toContain('скидка 20% до воскресенья!');

  await page.getByRole('button', { name: 'Отправить сейчас' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Да, отправить' }).click();
  await expect(page.getByText(/SMS · (Отправляется|Отправлена)/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/admin-messages-390.png', fullPage: true });
});
