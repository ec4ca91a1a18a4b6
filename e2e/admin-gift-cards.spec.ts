import { expect, test } from '@playwright/test';
import { createStaffThroughApi, firstLoginInConsole, uniqueEmail } from './support/admin';
import { freshPhone } from './support/cabinet';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { companyInvoice } from './support/gift-cards';

// Staff accounts and invoices are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the accountant sees only the gift-card screen, cancels one invoice and marks another paid', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const first = await companyInvoice(request, freshPhone());
  const second = await companyInvoice(request, freshPhone());

  const email = uniqueEmail('accountant');
  const oneTime = await createStaffThroughApi(email, 'accountant');
  await page.setViewportSize({ width: 1440, height: 900 });
  await firstLoginInConsole(page, email, oneTime, 'accountant-own-password-1');

  const nav = page.getByRole('navigation', { name: 'Разделы консоли' });
  await expect(nav.getByRole('link')).toHaveText([
    'Главная',
    'Подарочные карты',
    'Отчёты',
    'Чеки',
    'Фискальные чеки',
    'Вебхуки',
  ]);
  await nav.getByRole('link', { name: 'Подарочные карты' }).click();
  await expect(page.getByRole('heading', { name: 'Подарочные карты', level: 1 })).toBeVisible();

  const firstRow = page.getByTestId(`invoice-${first}`);
  await expect(firstRow).toContainText('Не оплачен');
  await expect(firstRow).toContainText('ООО «Ромашка»');
  await firstRow.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByRole('status')).toHaveText(`Счёт № ${first}: отменён`);
  await expect(firstRow).toContainText('Отменён');
  await expect(firstRow.getByRole('button')).toHaveCount(0);

  // Marking paid issues the cards, so it asks first: the bank payment's number and date (decision 053).
  const secondRow = page.getByTestId(`invoice-${second}`);
  await secondRow.getByRole('button', { name: 'Отметить оплаченным' }).click();
  const confirm = page.getByRole('form', { name: `Оплата счёта № ${second}` });
  await expect(confirm).toContainText('Отменить это нельзя');
  await expect(secondRow).toContainText('Не оплачен');
  await confirm.getByRole('button', { name: 'Не сейчас' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(secondRow).toContainText('Не оплачен');
  await secondRow.getByRole('button', { name: 'Отметить оплаченным' }).click();
  const today = new Date().toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
  await expect(confirm.getByLabel('Дата платежа (дд.мм.гггг)')).toHaveValue(today);
  await confirm.getByLabel('Номер платёжного поручения').fill('512');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/wt-g-shots/invoice-confirm-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.getByRole('button', { name: 'Подтвердить оплату' }).click();
  await expect(page.getByRole('status')).toHaveText(`Счёт № ${second}: оплачен`);
  await expect(secondRow).toContainText('Оплачен');
  await expect(secondRow).toContainText(`п/п № 512 от ${today}`);
  // The creation time is the brand's, dd.mm.yyyy в HH:MM, not the browser's locale.
  await expect(secondRow).toContainText(new RegExp(`${today.replace(/\./g, '\\.')} в \\d{2}:\\d{2}`));
  await expect(page.getByRole('heading', { name: 'Неотправленные карты' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
});
