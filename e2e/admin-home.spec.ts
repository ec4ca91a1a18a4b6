import { expect, test, type Page } from '@playwright/test';
import { formatAmount, formatBonuses, formatKopecks } from '../common/lib/format';
import {
  createStaffThroughApi,
  firstLoginInConsole,
  freshMember,
  staffInConsole,
  uniqueEmail,
} from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';

// Staff accounts are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

interface Period {
  from: string;
  to: string;
  newMembers: number;
  bonusesIssued: number;
  bonusesSpent: number;
  liability: number;
  payments: { count: number; total: number };
}

/** What the API answers with the operator's token: the figures the home must show. */
async function dashboardOf(): Promise<{ today: Period; week: Period }> {
  const response = await fetch(`${E2E.mutableUrl}/api/operator/reports/dashboard`, {
    headers: { authorization: `Bearer ${E2E.operatorToken}` },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { today: Period; week: Period };
}

const ruDay = (day: string) => day.split('-').reverse().join('.');
const bonuses = (hundredths: number) => formatBonuses(hundredths / 100);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/admin-home-${name}.png`, fullPage: true });

test("the accountant's home shows today's and the week's figures, each opening its report", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await freshMember(request, freshPhone()); // a new member today
  const email = uniqueEmail('accountant-home');
  await firstLoginInConsole(
    page,
    email,
    await createStaffThroughApi(email, 'accountant'),
    'accountant-home-pass-1',
  );
  await expect(page.getByRole('heading', { name: 'Сводка', level: 2 })).toBeVisible();
  const today = page.getByRole('region', { name: 'Сегодня' });
  const week = page.getByRole('region', { name: 'За 7 дней' });

  // Other journeys may add members or payments meanwhile: the page is read again until it agrees with the API.
  await expect(async () => {
    await page.reload();
    const api = await dashboardOf();
    await expect(today.getByRole('link', { name: /^Новые участники: / })).toHaveText(
      formatAmount(api.today.newMembers),
      { timeout: 3_000 },
    );
    expect(api.today.newMembers).toBeGreaterThanOrEqual(1);
    await expect(today.getByRole('link', { name: /^Начислено бонусов: / })).toHaveText(
      bonuses(api.today.bonusesIssued),
    );
    await expect(week.getByRole('link', { name: /^Списано бонусов: / })).toHaveText(
      bonuses(api.week.bonusesSpent),
    );
    await expect(week.getByRole('link', { name: /^Обязательства/ })).toHaveText(bonuses(api.week.liability));
    await expect(week.getByRole('link', { name: /^Платежи: / })).toContainText(
      formatKopecks(api.week.payments.total),
    );
    // The periods in the brand's calendar: today, and the 7 days to today.
    await expect(today.getByRole('heading')).toContainText(ruDay(api.today.from));
    await expect(week.getByRole('heading')).toContainText(`${ruDay(api.week.from)} — ${ruDay(api.week.to)}`);
  }).toPass({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await shot(page, '1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await shot(page, '375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A figure opens its report over the same days.
  const { week: span } = await dashboardOf();
  await week.getByRole('link', { name: /^Платежи: / }).click();
  await expect(page).toHaveURL(`/admin/reports?from=${span.from}&to=${span.to}`);
  await expect(page.getByRole('heading', { name: 'Отчёты', level: 1 })).toBeVisible();
  await expect(page.getByText(`Период: ${ruDay(span.from)} — ${ruDay(span.to)}`)).toBeVisible();
  // The period's fields show dd.mm.yyyy, whatever the browser's locale.
  await expect(page.getByLabel('С', { exact: true })).toHaveValue(ruDay(span.from));
  await expect(page.getByLabel('По', { exact: true })).toHaveValue(ruDay(span.to));
});

test('support, who cannot read the reports, sees a home without the figures: only its sections', async ({
  page,
}) => {
  await staffInConsole(page, 'support');
  await expect(page.getByText('Вам доступны разделы:')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Участники' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Сводка' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Сегодня' })).toHaveCount(0);
});
