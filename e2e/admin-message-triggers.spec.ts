import { expect, test } from '@playwright/test';
import { staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';

// Triggers are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the marketer switches on a birthday message three days before, with a control group (decision 081)', async ({
  page,
}) => {
  // A console login hashes two passwords (argon2id): slow on the shared 2-core machine.
  test.setTimeout(90_000);
  await staffInConsole(page, 'marketer');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Рассылки' })
    .click();
  const form = page.getByRole('form', { name: 'Новая рассылка' });
  await form.getByLabel('Вид', { exact: true }).selectOption('День рождения');
  // A trigger has no audience to pick: it writes to every member with consent.
  await expect(form.getByLabel('Получатели', { exact: true })).toHaveCount(0);
  await expect(form.getByText('Поводы пишут всем участникам')).toBeVisible();
  await form.getByLabel('За сколько дней до дня рождения', { exact: true }).fill('3');
  const name = `С днём рождения ${Date.now()}`;
  await form.getByLabel('Название', { exact: true }).fill(name);
  await form.getByLabel('Текст', { exact: true }).fill('{имя}, с наступающим! Дарим подарок');
  await form.getByLabel('Контрольная группа, %', { exact: true }).fill('10');
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Рассылка создана' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByTestId('message-occasion')).toHaveText('Повод: за 3 дн. до дня рождения');

  await page.getByRole('button', { name: 'Включить' }).click();
  await expect(page.getByText('SMS · Включена')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Все рассылки' })).toContainText(name);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/admin-message-triggers-1440.png', fullPage: true });

  // The level-up occasion has no parameter, only what it does.
  await form.getByLabel('Вид', { exact: true }).selectOption('Новый уровень');
  await expect(form.getByText('один раз за каждый уровень')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/admin-message-triggers-390.png', fullPage: true });
});
