import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { freshMember, staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';

// Saved segments are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the marketer builds a segment, sees its count change, saves it and downloads its members', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await freshMember(request, freshPhone());
  await staffInConsole(page, 'marketer');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Сегменты' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Сегменты участников' })).toBeVisible();

  // The demo's examples are there, counted.
  const saved = page.getByRole('table', { name: 'Сохранённые сегменты' });
  await expect(saved).toContainText('Давно не покупали');
  await expect(saved).toContainText('Именинники месяца');

  const count = page.getByRole('status').filter({ hasText: /В сегменте|Считаем/ });
  await expect(count).toHaveText(/^В сегменте: [\d\s]+ участник/);

  // Registered today: our new member at least.
  await page.getByRole('button', { name: 'Добавить условие', exact: true }).click();
  const first = page.getByRole('group', { name: 'Условие 1', exact: true });
  await first.getByLabel('Что проверяем', { exact: true }).selectOption({ label: 'Дата регистрации' });
  await first.getByLabel('Период', { exact: true }).selectOption({ label: 'с даты по дату' });
  await expect(count).toHaveText(/^В сегменте: [1-9][\d\s]* участник/);

  // And a balance nobody has: the count drops to 0; taken away, it comes back.
  await page.getByRole('button', { name: 'Добавить условие', exact: true }).click();
  const second = page.getByRole('group', { name: 'Условие 2', exact: true });
  await second.getByLabel('Что проверяем', { exact: true }).selectOption({ label: 'Баланс бонусов' });
  await second.getByLabel('Сумма, ₽', { exact: true }).fill('99999999');
  await expect(count).toHaveText('В сегменте: 0 участников');
  await page.screenshot({ path: 'test-results/admin-segments-1440.png', fullPage: true });
  await second.getByRole('button', { name: 'Убрать', exact: true }).click();
  await expect(count).toHaveText(/^В сегменте: [1-9][\d\s]* участник/);

  const name = `Новые сегодня ${Date.now().toString(36)}`;
  await page.getByLabel('Название сегмента', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Сохранить сегмент', exact: true }).click();
  await expect(page.getByText('Сегмент сохранён', { exact: true })).toBeVisible();
  const row = saved.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Выгрузить CSV', exact: true }).click();
  const file = readFileSync((await (await download).path())!, 'utf8');
  const lines = file.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Номер карты;Телефон;Имя;Баланс бонусов');
  // The marketer sees phones masked in the console, and so in her file (decision 047).
  expect(lines).toContainEqual(
    expect.stringMatching(/^\d{16};\+7 9\d\d •••-••-••;Консольная Анна;\d+,\d\d$/),
  );
  await expect(page.getByText(/^Выгружено участников: \d+/)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/admin-segments-390.png', fullPage: true });
});
