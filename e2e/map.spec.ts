import { expect, test } from '@playwright/test';
import { E2E } from './support/e2e-env';
import { blockTiles, expectPlaced } from './support/map';
import { open } from './support/navigation';
import { withSettings } from './support/operator';

// The demo brand: 14 points, 2 of them (13 and 14) without coordinates.
test.beforeEach(({ page }) => blockTiles(page));

test('/map places the 12 points with coordinates, clustered, and a marker opens its popup', async ({
  page,
}) => {
  await open(page, '/map');
  const map = page.getByRole('region', { name: 'Карта магазинов' });
  await expect(map).toBeVisible();
  await expectPlaced(page, 12);
  await map.locator('.map-cluster').first().click();
  const marker = map.locator('.map-marker').first();
  await expect(marker).toBeVisible();
  await marker.click();
  const popup = map.locator('.map-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('img', { name: /^Рейтинг: \d из 5$/ })).toBeVisible();
  await expect(popup).toContainText(/Бонусирование: \d+%/);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
});

test('/map/{id or title} centres on the point and opens its popup; an unknown one is 404', async ({
  page,
}) => {
  await open(page, '/map/3');
  const popup = page.locator('.map-popup');
  await expect(popup.locator('.map-popup__title')).toHaveText('Кофейня «Берёзка» на Пушкина');
  await expect(popup.getByRole('img', { name: 'Рейтинг: 5 из 5' })).toBeVisible();
  await expect(popup).toContainText('Бонусирование: 10%');
  await open(page, `/map/${encodeURIComponent('Пекарня «Берёзка» на Гвардейской')}`);
  await expect(page.locator('.map-popup')).toContainText('Бонусирование: 6%');
  const response = await open(page, '/map/no-such-point');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test('a marker opens its popup from the keyboard', async ({ page }) => {
  await open(page, '/map/11');
  // The map is built after the first paint and then opens point 11's popup. Wait for it: Enter on its marker
  // while it is open would toggle it shut (what CI's loaded machine showed when the test raced the map).
  const popup = page.locator('.map-popup');
  await expect(popup).toBeVisible();
  const marker = page.getByRole('button', { name: 'Кофейня «Берёзка» на Карла Маркса' });
  await marker.focus();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup).toContainText('Бонусирование: 10%');
});

test('the news item shows its points on a map (not the one without coordinates)', async ({ page }) => {
  await open(page, '/news/3');
  const map = page.getByRole('region', { name: 'Магазины, где действует предложение, на карте' });
  await expect(map).toBeVisible();
  await expectPlaced(page, 3);
});

test('/points shows the map above the list', async ({ page }) => {
  await open(page, '/points');
  await expect(page.getByRole('region', { name: 'Магазины на карте' })).toBeVisible();
  await expectPlaced(page, 12);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('home shows the points on the map, loading Leaflet only when the map comes into view', async ({
    page,
  }) => {
    const leaflet: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/leaflet/.test(r.url())) leaflet.push(r.url());
    });
    await open(page, '/');
    const map = page.getByRole('region', { name: 'Магазины на карте' });
    await expect(map).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(leaflet).toEqual([]);
    await map.scrollIntoViewIfNeeded();
    await expectPlaced(page, 12);
    expect(leaflet.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Все магазины' }).click();
    await expect(page).toHaveURL(/\/points$/);
  });
});

test.describe('/bonus', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: E2E.mutableUrl });

  test('without partner pages it shows the empty state', async ({ page }) => {
    await open(page, '/bonus');
    await expect(page.getByText('Здесь появятся страницы партнёров программы.')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('shows the configured pages and frames the chosen one', async ({ page }) => {
    await page.route('https://partner.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<title>Партнёр</title><h1>Скидки партнёра</h1>',
      }),
    );
    const pages = [
      { id: 'cinema', title: 'Кино со скидкой', url: 'https://partner.example/cinema' },
      { id: 'taxi', title: 'Такси с бонусами', url: 'https://partner.example/taxi' },
    ];
    await withSettings(
      (s) => ({ ...s, iframePages: pages }),
      async () => {
        await open(page, '/bonus');
        const frame = page.locator('iframe.bonus-frame');
        await expect(frame).toHaveAttribute('title', 'Кино со скидкой');
        await expect(frame).toHaveAttribute('src', 'https://partner.example/cinema');
        await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
        await expect(page.frameLocator('iframe.bonus-frame').getByRole('heading')).toHaveText(
          'Скидки партнёра',
        );
        await page.getByRole('link', { name: 'Такси с бонусами', exact: true }).click();
        await expect(frame).toHaveAttribute('src', 'https://partner.example/taxi');
        await expect(page.getByRole('link', { name: 'Такси с бонусами', exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
      },
    );
  });
});
