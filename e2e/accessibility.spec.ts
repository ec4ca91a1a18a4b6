import { test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { blockTiles } from './support/map';
import { open } from './support/navigation';

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.beforeEach(({ page }) => blockTiles(page));

    for (const path of [
      '/',
      '/faq',
      '/about',
      '/news',
      '/news/4',
      '/points',
      '/points/3',
      '/map',
      '/map/3',
      '/bonus',
      '/contacts',
      '/join',
      '/countdown',
      '/login',
      '/no-such-page',
      '/profile?view=clear',
      '/registration',
      '/session',
      '/ui',
    ]) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await open(page, path);
        // A map is checked once Leaflet has drawn its markers and controls, not as the empty box.
        if (await page.locator('.point-map').count()) {
          // Home's map loads Leaflet only near the viewport (on a phone, far down the page).
          await page.locator('.point-map').first().scrollIntoViewIfNeeded();
          await page.locator('.point-map .leaflet-marker-icon').first().waitFor();
          if (path.startsWith('/map/')) await page.locator('.map-popup').waitFor();
        }
        await expectNoAxeViolations(page);
      });
    }

    test('the open menu or popup has no violations', async ({ page }) => {
      await open(page, '/ui');
      if (width < 1024) {
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await page.getByRole('dialog', { name: 'Меню' }).waitFor();
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: 'Показать окно' }).click();
      await page.getByRole('dialog', { name: 'Пример окна' }).waitFor();
      await expectNoAxeViolations(page);
    });
  });
}
