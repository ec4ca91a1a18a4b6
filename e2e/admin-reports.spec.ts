import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { createStaffThroughApi, firstLoginInConsole, staffInConsole, uniqueEmail } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { customerWithCard, freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { companyInvoice } from './support/gift-cards';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';
import { formatBonuses } from '../common/lib/format';

// Staff accounts and gift-card sales are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

/** Today in the brand's time zone (the demo brand's: Moscow), as the report's form writes it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
const ruDay = (day: string) => day.split('-').reverse().join('.');

/** What the API answers for the range with the operator's token: the figures the screen must show. */
async function reportOf(from: string, to: string) {
  const response = await fetch(`${E2E.mutableUrl}/api/operator/reports?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${E2E.operatorToken}` },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as {
    totals: { giftCards: { sold: number }; bonuses: { outstanding: number } };
  };
}

const rub = (kopecks: number) =>
  `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, useGrouping: 'always' }).format(kopecks / 100)}\u00a0₽`;

/** A new member's receipt at point 1 with a baguette from the demo catalogue's «Пекарня» (decision 068). */
async function receiptWithLines(page: Page, request: APIRequestContext) {
  const key = await issueTillKey(1);
  const phone = await customerWithCard(page, request);
  await open(page, '/profile');
  const code = await page.locator('.member-code [data-code]').getAttribute('data-code');
  const headers = { authorization: `Bearer ${key}` };
  const visit = await request.post('/api/till/verify', { data: { code }, headers });
  expect(visit.ok()).toBe(true);
  const accrued = await request.post('/api/till/accrue', {
    headers,
    data: {
      visitId: (await visit.json()).visitId,
      sum: 89.9,
      idempotencyKey: `report-lines-${phone}`,
      items: [{ barcode: '4607019001224', name: 'Багет французский', quantity: 1, price: 89.9, sum: 89.9 }],
    },
  });
  expect(accrued.ok(), await accrued.text()).toBe(true);
  return phone;
}

test('the accountant opens the reports, narrows the range to today, sees the figures and downloads the CSV', async ({
  page,
  request,
}) => {
  // A gift card sold today: a company's invoice, marked paid by the operator.
  const number = await companyInvoice(request, freshPhone(), '1500');
  const paid = await request.post(`/api/operator/gift-card-invoices/${number}/paid`, {
    headers: { authorization: `Bearer ${E2E.operatorToken}` },
    data: {
      paymentNumber: '77',
      paymentDate: new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' }),
    },
  });
  expect(paid.ok()).toBe(true);
  // The journey visits the cabinet, the console and their screenshots: past 30 s on a busy machine.
  test.slow();
  const phone = await receiptWithLines(page, request);

  const email = uniqueEmail('accountant-reports');
  const oneTime = await createStaffThroughApi(email, 'accountant');
  await page.setViewportSize({ width: 1440, height: 900 });
  await firstLoginInConsole(page, email, oneTime, 'accountant-own-password-2');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Отчёты' })
    .click();
  await expect(page.getByRole('heading', { name: 'Отчёты', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Подарочные карты' })).toBeVisible();

  const day = today();
  await page.getByLabel('С', { exact: true }).fill(ruDay(day));
  await page.getByLabel('По', { exact: true }).fill(ruDay(day));
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page.getByText(`Период: ${ruDay(day)} — ${ruDay(day)}`)).toBeVisible();
  const expected = await reportOf(day, day);
  expect(expected.totals.giftCards.sold).toBeGreaterThanOrEqual(150_000);
  const gift = page.getByRole('region', { name: 'Подарочные карты' });
  // Each pool opens with what was owed at the start of the period, then its movements.
  await expect(gift.getByRole('definition').nth(1)).toHaveText(rub(expected.totals.giftCards.sold));
  // Bonuses are bonuses, not roubles (decision 047); the deletions' forfeits have their own line.
  const bonusFigures = page.getByRole('region', { name: 'Бонусы', exact: true });
  // What is owed now moves with every other journey on this server (two run at once): shown again and read again
  // until a write does not fall between the page's read and the API's.
  await expect(async () => {
    const owed = (await reportOf(day, day)).totals.bonuses.outstanding;
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(bonusFigures.getByRole('definition').last()).toHaveText(formatBonuses(owed / 100), {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(bonusFigures).not.toContainText('₽');
  await expect(bonusFigures.getByText('Аннулировано при удалении аккаунтов')).toBeVisible();
  await expect(page.getByRole('img', { name: /Сумма платежей по дням/ })).toBeVisible();
  // The bonuses by point and the lines by category (decision 068), the category by the catalogue's title.
  await expect(page.getByRole('table', { name: 'Бонусы по точкам' }).getByRole('row')).not.toHaveCount(1);
  const categories = page.getByRole('table', { name: 'По категориям товаров' });
  await expect(categories.getByRole('row').filter({ hasText: 'Пекарня' })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await categories.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('report-categories-1440.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`report-${day}-${day}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFДень;Новые участники;')).toBe(true);
  expect(csv).toContain(`\r\n${ruDay(day)};`);
  expect(csv).toContain('\r\nАннулировано при удалении аккаунтов;');
  expect(csv).toContain('\r\nТочка;');
  expect(csv).toContain('\r\nКатегория;Строк чеков;');
  expect(csv).toContain('\r\nПекарня;');

  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
  // At a phone's width each table scrolls by itself: the page is never wider than the screen (decision 053).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('report-categories-390.png'), fullPage: true });

  // The viewer (phones masked) opens the member's page and follows «Чеки участника» to their receipt.
  await staffInConsole(page, 'viewer');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Участники' })
    .click();
  await page.getByLabel('Телефон, номер карты').fill(phone);
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.getByRole('table', { name: 'Участники' }).getByRole('link').first().click();
  await page.getByRole('link', { name: 'Чеки участника' }).click();
  await expect(page).toHaveURL(/\/admin\/receipts\?member=\d{16}$/);
  await expect(page.getByLabel('Телефон или номер карты')).toHaveValue(/^\d{16}$/);
  const found = page.getByRole('table', { name: 'Найденные чеки' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found.getByRole('row').nth(1)).toContainText('89,90\u00a0₽');
});
