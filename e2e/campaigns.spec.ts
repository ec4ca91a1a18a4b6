import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PHONE, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';

// The weekend campaign the demo's news promises (decision 027), on the server whose clock moves: it runs
// after the other journeys (its own project), because moving that clock by days would hurry their deliveries.
test.use({ baseURL: E2E.clockUrl });

const WEEKEND = 'Двойные бонусы на выпечку по выходным';
const NBSP = '\u00a0';
const MOSCOW_OFFSET_MIN = 180;

/** Moves the server's clock a minute on and answers its time. */
async function serverNow(request: APIRequestContext, advanceMinutes = 1): Promise<Date> {
  const moved = await request.post('/api/dev/clock', { data: { advanceMinutes } });
  expect(moved.ok()).toBe(true);
  return new Date(((await moved.json()) as { now: string }).now);
}

/** Minutes from `now` to the next Saturday 10:00 in Moscow (0 when it is the weekend there already). */
function minutesToSaturdayMorning(now: Date): number {
  const moscow = new Date(now.getTime() + MOSCOW_OFFSET_MIN * 60_000);
  const weekday = moscow.getUTCDay(); // 0 Sunday, 6 Saturday
  if (weekday === 0 || weekday === 6) return 0;
  const saturday = new Date(moscow);
  saturday.setUTCDate(moscow.getUTCDate() + (6 - weekday));
  saturday.setUTCHours(10, 0, 0, 0);
  return Math.ceil((saturday.getTime() - moscow.getTime()) / 60_000);
}

test('the weekend campaign: shown on Saturday on the home page and in the cabinet, double bonuses at a bakery', async ({
  page,
  request,
}) => {
  const campaigns = page.getByTestId('active-campaigns');
  const toWeekend = minutesToSaturdayMorning(await serverNow(request));
  if (toWeekend > 0) {
    // On a weekday the campaign is not announced and a bakery earns its own rate.
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'Новости', level: 2 })).toBeVisible();
    await expect(campaigns).toHaveCount(0);
    await open(page, '/loyalty?p=2&s=100');
    await expect(page.getByText(`Начислим бонусов7${NBSP}бонусов`)).toBeVisible();
    await expect(page.getByTestId('earn-campaign')).toHaveCount(0);
    await serverNow(request, toWeekend);
  }

  await open(page, '/');
  await expect(page.getByRole('heading', { name: 'Акции сейчас', level: 2 })).toBeVisible();
  await expect(campaigns.getByText(WEEKEND)).toBeVisible();
  await expect(campaigns.getByText('До 31.12.2026')).toBeVisible();
  await expectNoAxeViolations(page);

  // The bakery's 7% doubles and the payment names the campaign; the supermarket is not in it.
  await open(page, '/loyalty?p=2&s=100');
  await expect(page.getByText(`Начислим бонусов14${NBSP}бонусов`)).toBeVisible();
  await expect(page.getByTestId('earn-campaign')).toHaveText(`По акции${WEEKEND}`);
  await expectNoAxeViolations(page);
  await open(page, '/loyalty?p=1&s=100');
  await expect(page.getByText(`Начислим бонусов3${NBSP}бонуса`)).toBeVisible();
  await expect(page.getByTestId('earn-campaign')).toHaveCount(0);

  await loginThroughApi(page, request, DEMO_PHONE);
  await open(page, '/profile');
  await expect(page.getByRole('heading', { name: 'Сейчас действуют', level: 2 })).toBeVisible();
  await expect(campaigns.getByText(WEEKEND)).toBeVisible();
  await expectNoAxeViolations(page);
});
