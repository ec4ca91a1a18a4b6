import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createStaffThroughApi, firstLoginInConsole, uniqueEmail } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { companyInvoice } from './support/gift-cards';
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
  const bonusFigures = page.getByRole('region', { name: 'Бонусы' });
  await expect(bonusFigures.getByRole('definition').last()).toHaveText(
    formatBonuses(expected.totals.bonuses.outstanding / 100),
  );
  await expect(bonusFigures).not.toContainText('₽');
  await expect(bonusFigures.getByText('Аннулировано при удалении аккаунтов')).toBeVisible();
  await expect(page.getByRole('img', { name: /Сумма платежей по дням/ })).toBeVisible();
  await expectNoAxeViolations(page);

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

  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
});
