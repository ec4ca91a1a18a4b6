import { test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { open } from './support/navigation';

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of [
      '/',
      '/faq',
      '/about',
      '/news',
      '/news/4',
      '/points',
      '/points/3',
      '/contacts',
      '/join',
      '/countdown',
      '/login',
      '/no-such-page',
      '/profile?view=clear',
      '/ui',
    ]) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await open(page, path);
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
