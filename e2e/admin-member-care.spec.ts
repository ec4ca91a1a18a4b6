import { expect, test, type Page } from '@playwright/test';
import { createStaffThroughApi, firstLoginInConsole, freshMember, uniqueEmail } from './support/admin';
import { freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';

// Staff accounts and members are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

/** A screenshot for the report's look at 375 and 1280 px (decision 053). */
async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/wt-g-shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner finds a member by a phone typed without its 7, opens their own address, reads the page and deletes the account with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = freshPhone();
  await freshMember(page.request, phone);
  const email = uniqueEmail('owner-care');
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstLoginInConsole(
    page,
    email,
    await createStaffThroughApi(email, 'owner'),
    'owner-care-password-1',
  );

  await page.goto('/admin/members');
  // Typed as people say it, without the leading 7 (decision 053).
  const typed = `${phone.slice(1, 4)} ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
  await page
    .getByRole('searchbox')
    .or(page.getByLabel(/^Телефон, номер карты/))
    .first()
    .fill(typed);
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.getByRole('link', { name: `Открыть ${phone}` }).click();
  await expect(page).toHaveURL(/\/admin\/members\/[0-9a-f-]{36}$/);
  const address = page.url();

  // The address is the member's own: opened afresh (a colleague's link), it shows the same page.
  await page.goto(address);
  const card = page.getByRole('region', { name: /Анна/ });
  const formatted = `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
  await expect(card.getByRole('heading', { level: 2 })).toContainText(formatted);
  await expect(card.getByText('Бонусы: 0 · На счёте: 0,00 ₽')).toBeVisible();
  const facts = card.getByRole('list', { name: 'Об участнике' }).or(card.locator('dl.admin-facts'));
  await expect(facts).toContainText('Согласие с условиями');
  await expect(facts).toContainText(/дано, редакция/);
  await expect(facts).toContainText(/В программе с\s*\d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}/);
  await shoot(page, 'member-page');

  // Deletion: the owner's, with the reason or request number it was asked by.
  const deletion = card.getByRole('region', { name: 'Удаление аккаунта' });
  await deletion.getByRole('button', { name: 'Удалить аккаунт…' }).click();
  await shoot(page, 'member-deletion');
  await deletion.getByLabel('Причина или номер обращения').fill('Письмо № 4521');
  await deletion.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(page.getByRole('status')).toHaveText(
    /^Аккаунт удалён: закрыто бонусов 0,00\s₽, денег 0,00\s₽, завершено сеансов \d+, отвязано карт 0\.$/,
  );

  // The audit log says it in Russian, with the reason, and only the fields it holds.
  await page.goto('/admin/audit');
  const row = page.getByRole('row').filter({ hasText: 'Аккаунт участника удалён' }).first();
  await expect(row).toContainText(email);
  await expect(row).toContainText('Письмо № 4521');
  await expect(
    page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Вход в консоль' }).first(),
  ).toBeVisible();
  await shoot(page, 'audit-log');
});
