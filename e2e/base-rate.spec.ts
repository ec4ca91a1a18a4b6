import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey, withSettings } from './support/operator';
import { logInToTill, openTillDevice } from './support/till';

// The chain's base earn rate (decision 055). The base and the points are the deployment's own state: the journeys
// run on the mutable server. Every demo point has its own rate, so a change of the base reaches only the point a
// journey adds; the settings change runs under the settings lock and is put back, the points are removed.
test.use({ baseURL: E2E.mutableUrl });

const operator = { authorization: `Bearer ${E2E.operatorToken}` };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function removePoint(request: APIRequestContext, title: string) {
  const points = (await (await request.get('/api/operator/points', { headers: operator })).json()) as {
    id: number;
    title: string;
  }[];
  for (const p of points.filter((x) => x.title === title)) {
    await request.delete(`/api/operator/points/${p.id}`, { headers: operator });
  }
}

test('the marketer sets the chain’s base rate; a new point follows it and the customer sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Точка по ставке сети ${Date.now().toString(36)}`;
  await withSettings(
    (s) => s,
    async () => {
      await staffInConsole(page, 'marketer');
      const nav = page.getByRole('navigation', { name: 'Разделы консоли' });
      await nav.getByRole('link', { name: 'Программа' }).click();
      const settings = page.getByRole('form', { name: 'Начисления и уровни' });
      const base = settings.getByLabel('Базовая ставка сети, % оплаченного деньгами');
      await expect(base).toHaveValue('5');
      // A fraction is refused by the server's schema, under the field.
      await base.fill('3,5');
      await settings.getByRole('button', { name: 'Сохранить' }).click();
      await expect(settings.getByRole('alert')).toHaveText('Исправьте отмеченные поля');
      await expect(base).toHaveAccessibleDescription(/Ставка: целое число процентов, без дробной части/);
      await base.fill('6');
      await settings.getByRole('button', { name: 'Сохранить' }).click();
      await expect(settings.getByText('Настройки программы сохранены')).toBeVisible();
      await base.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await shot(page, 'programme-settings-1440');
      await page.setViewportSize({ width: 375, height: 812 });
      await base.scrollIntoViewIfNeeded();
      await shot(page, 'programme-settings-375');
      await page.setViewportSize({ width: 1440, height: 900 });

      // A new point follows the chain by default, and says so with the rate.
      await nav.getByRole('link', { name: 'Содержание сайта' }).click();
      await page
        .getByRole('navigation', { name: 'Разделы содержания' })
        .getByRole('link', { name: 'Точки' })
        .click();
      await page.getByRole('button', { name: 'Добавить точку' }).click();
      const form = page.getByRole('form', { name: 'Добавить точку' });
      const follows = form.getByRole('radio', { name: 'по умолчанию сети (6\u00a0%)' });
      await expect(follows).toBeChecked();
      await form.getByRole('radio', { name: 'своя ставка точки' }).check();
      await expect(form.getByLabel('Своя ставка, %')).toHaveValue('6');
      await follows.check();
      await expect(form.getByLabel('Своя ставка, %')).toHaveCount(0);
      await form.getByLabel('Название').fill(title);
      await form.getByLabel('Категория').fill('Магазин');
      await form.getByLabel('Город').fill('Казань');
      await expectNoAxeViolations(page);
      await form.getByRole('group', { name: 'Ставка начисления' }).scrollIntoViewIfNeeded();
      await shot(page, 'point-form-1440');
      await page.setViewportSize({ width: 375, height: 812 });
      await form.getByRole('group', { name: 'Ставка начисления' }).scrollIntoViewIfNeeded();
      await shot(page, 'point-form-375');
      await page.setViewportSize({ width: 1440, height: 900 });
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByRole('status')).toHaveText('Сохранено');
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText('по умолчанию сети (6\u00a0%)');

      // The customer's point card shows the chain's rate.
      const points = (await (await request.get('/api/points')).json()) as {
        points: { id: number; title: string; currentBonus: number }[];
      };
      const added = points.points.find((p) => p.title === title)!;
      expect(added.currentBonus).toBe(6);
      const site = await page.context().newPage();
      await site.goto(`/points/${added.id}`);
      await expect(site.getByText('Бонусирование: 6%')).toBeVisible();
      await site.close();
    },
  ).finally(() => removePoint(request, title));
});

test('after a campaign raised an accrual, the till names the rate it applied, not the point’s plain rate', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Касса с акцией ${Date.now().toString(36)}`;
  const campaign = `Тройные на кассе ${Date.now().toString(36)}`;
  // The point has its own 4 %; the campaign runs every day at this point only.
  const created = await request.post('/api/operator/points', {
    headers: operator,
    data: {
      title,
      phone: '',
      rating: 0,
      currentBonus: 4,
      firmId: 1,
      categoryName: 'Магазин',
      address: { city: 'Казань', street: '', house: '', latitude: null, longitude: null },
      workingHours: '',
    },
  });
  expect(created.ok()).toBe(true);
  const pointId = ((await created.json()) as { id: number }).id;
  const saved = await request.post('/api/operator/campaigns', {
    headers: operator,
    data: {
      title: campaign,
      startsOn: '2020-01-01',
      pointIds: [pointId],
      effect: { kind: 'MULTIPLIER', factor: 3 },
      priority: 10,
      stacks: false,
    },
  });
  expect(saved.ok()).toBe(true);
  const campaignId = ((await saved.json()) as { id: string }).id;
  try {
    const key = await issueTillKey(pointId, `e2e base rate ${Date.now().toString(36)}`);
    const { token } = await loginThroughApi(page, request, freshPhone());
    const card = await request.post('/api/user/newCard', {
      data: { firstName: 'Ольга', lastName: 'Петрова' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(card.ok()).toBe(true);
    await open(page, '/profile');
    const code = (await page.locator('.member-code [data-code]').getAttribute('data-code'))!;

    const { till, close } = await openTillDevice(browser);
    await logInToTill(till, key);
    await till.getByLabel('Код покупателя').fill(code);
    await till.getByRole('button', { name: 'Найти покупателя' }).click();
    await expect(till.getByTestId('till-rate')).toHaveText(
      'Списать можно не больше 50% чека. Начисление: 4% оплаченного деньгами (ставка точки) и действующие акции.',
    );
    await till.getByLabel('Сумма чека, ₽').fill('1 000');
    await till.getByRole('button', { name: 'Начислить бонусы' }).click();
    const applied = `12% оплаченного деньгами (ставка точки 4%, акция «${campaign}» ×3)`;
    await expect(till.getByRole('status')).toHaveText(`Начислено 120\u00a0бонусов: ${applied}.`);
    await expect(till.getByTestId('till-rate')).toHaveText(
      `Списать можно не больше 50% чека. Последняя операция начислила ${applied}.`,
    );
    await expectNoAxeViolations(till);
    await close();
  } finally {
    await request.delete(`/api/operator/campaigns/${campaignId}`, { headers: operator });
    await removePoint(request, title);
  }
});
