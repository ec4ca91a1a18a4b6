import { expect, test } from '@playwright/test';
import { createStaffThroughApi, firstLoginInConsole, freshMember, uniqueEmail } from './support/admin';
import { freshPhone } from './support/cabinet';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { buyGiftCardByCard } from './support/gift-cards';

const NBSP = '\u00a0';

// Staff accounts and gift cards are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the viewer logs in with TOTP and reads members and gift cards without a single write button', async ({
  page,
  request,
}) => {
  test.slow(); // a purchase, a member, the first login and two screens at two widths
  const recipient = freshPhone();
  const publicId = (await buyGiftCardByCard(request, recipient)).split('/').pop()!;
  const phone = freshPhone();
  await freshMember(request, phone);
  const email = uniqueEmail('viewer');
  const oneTime = await createStaffThroughApi(email, 'viewer');
  await page.setViewportSize({ width: 1440, height: 900 });
  await firstLoginInConsole(page, email, oneTime, 'viewer-own-password-1');
  const nav = page.getByRole('navigation', { name: 'Разделы консоли' });
  await expect(nav.getByRole('link', { name: 'Сотрудники' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Журнал изменений' })).toHaveCount(0);

  // A member's page: everything to read, nothing to change; the phone masked, never its last digits (decision
  // 047), found by the whole number only.
  const masked = `+7 ${phone.slice(1, 4)} •••-••-••`;
  await nav.getByRole('link', { name: 'Участники' }).click();
  await page.getByLabel('Телефон, номер карты (или 4 последние цифры), фамилия и имя').fill(phone);
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.getByRole('link', { name: `Открыть ${masked}` }).click();
  const card = page.getByRole('region', { name: /Анна/ });
  await expect(card.getByRole('heading', { level: 2 })).not.toContainText(phone.slice(-7));
  await expect(
    card.getByText(`Удержано платежами в процессе: 0${NBSP}бонусов · со счёта 0,00${NBSP}₽`),
  ).toBeVisible();
  await expect(card.getByText('Сохранённых карт нет.')).toBeVisible();
  await expect(card.getByRole('form', { name: 'Фильтр операций' })).toBeVisible();
  for (const name of ['Заблокировать', 'Провести', 'Отправить СМС с кодом входа', 'Удалить аккаунт…']) {
    await expect(card.getByRole('button', { name })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('member-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('member-768.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The gift card: found by its link, its state and balance, no block button, no invoice actions.
  await nav.getByRole('link', { name: 'Подарочные карты' }).click();
  const lookup = page.getByRole('search', { name: 'Найти карту' });
  await lookup.getByLabel('Ссылка карты или последние цифры номера').fill(`${E2E.mutableUrl}/gc/${publicId}`);
  await lookup.getByRole('button', { name: 'Найти' }).click();
  const row = page.getByTestId(`gift-card-${publicId}`);
  await expect(row).toContainText('Действует');
  await expect(row).toContainText('оплачена картой');
  await expect(row).toContainText(`+7 ${recipient.slice(1, 4)} •••-••-••`);
  await expect(row).not.toContainText(recipient.slice(-7));
  await expect(row.getByRole('button')).toHaveCount(0);
  // The order it came from is among those paid by bank card on the site.
  await expect(
    page.getByRole('region', { name: 'Оплачено картой на сайте' }).first().getByText(publicId),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отметить оплаченным' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('gift-cards-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('gift-cards-768.png'), fullPage: true });

  // The server refuses the viewer's write call itself, with a valid session and CSRF token.
  const session = (await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string };
  const write = await page.request.post(`/api/operator/gift-cards/${publicId}/block`, {
    headers: { 'x-csrf-token': session.csrfToken },
    data: { blocked: true },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { code: string }).code).toBe('FORBIDDEN');
});
