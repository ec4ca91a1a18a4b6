import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { withSettings } from './support/operator';

// These journeys change the brand's settings, so they run one at a time on their own server.
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: E2E.mutableUrl });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Основное меню' }).first();

test('a module disabled in the settings leaves the menu and its page answers 404', async ({ page }) => {
  await open(page, '/');
  await expect(nav(page).getByRole('link', { name: 'Новости' })).toBeVisible();
  await withSettings(
    (s) => ({ ...s, modules: s.modules.map((m) => (m.id === 'news' ? { ...m, disabled: true } : m)) }),
    async () => {
      await open(page, '/');
      await expect(nav(page).getByRole('link', { name: 'Вопросы' })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: 'Новости' })).toHaveCount(0);
      const response = await open(page, '/news');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    },
  );
});

test('without the cabinet module the cabinet entries go and /login is rejected', async ({ page }) => {
  await withSettings(
    (s) => ({ ...s, modules: s.modules.filter((m) => m.id !== 'cabinet') }),
    async () => {
      await open(page, '/');
      await expect(page.getByRole('button', { name: 'Личный кабинет' })).toHaveCount(0);
      expect((await open(page, '/login'))?.status()).toBe(404);
    },
  );
});

test('new brand colours and title show at once, without a restart', async ({ page }) => {
  await withSettings(
    (s) => ({ ...s, title: 'Ромашка', colorPrimary: '#6A1B9A', colorPrimaryDark: '#4A148C' }),
    async () => {
      await open(page, '/');
      await expect(page).toHaveTitle('Ромашка');
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      expect(primary).toBe('#6A1B9A');
    },
  );
});

test('payment-only mode drops the navigation', async ({ page }) => {
  await withSettings(
    (s) => ({ ...s, loyaltyType: 'onlyPayment' }),
    async () => {
      await open(page, '/loyalty?p=3&s=500');
      await expect(page.getByRole('heading', { level: 1, name: 'Оплата покупки' })).toBeVisible();
      await expect(page.locator('.site-header')).toHaveCount(0);
      await expect(page.getByText('Кофейня «Берёзка» на Пушкина')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Оплатить 500\u00a0₽' })).toBeVisible();
    },
  );
});

test('the footer shows a partner logo for a single app link, else the programme text', async ({ page }) => {
  await withSettings(
    (s) => ({ ...s, appLink: 'https://partner.example/app' }),
    async () => {
      await open(page, '/');
      await expect(page.locator('.site-footer a[href="https://partner.example/app"] img')).toBeVisible();
    },
  );
  await withSettings(
    (s) => ({ ...s, appLink: null }),
    async () => {
      await open(page, '/');
      await expect(page.locator('.site-footer')).toContainText('Программа лояльности Берёзка');
      await expect(
        page.locator('.site-footer').getByRole('link', { name: 'Разработано на технологии Kopilka' }),
      ).toBeVisible();
    },
  );
});

test('an embedded page with menuName and menuIcon puts /bonus in the menu; without the icon it stays out', async ({
  page,
}) => {
  const iframePage = { id: 'partners', title: 'Бонусы партнёров', url: 'https://partner.example/bonus' };
  await withSettings(
    (s) => ({ ...s, iframePages: [{ ...iframePage, menuName: 'Партнёры', menuIcon: null }] }),
    async () => {
      await open(page, '/');
      await expect(nav(page).getByRole('link', { name: 'Партнёры' })).toHaveCount(0);
    },
  );
  await withSettings(
    (s) => ({
      ...s,
      iframePages: [{ ...iframePage, menuName: 'Партнёры', menuIcon: '/api/proxy/pictures/favicon.png' }],
    }),
    async () => {
      await open(page, '/');
      await expect(nav(page).getByRole('link', { name: 'Партнёры' })).toHaveAttribute('href', '/bonus');
      // The desktop row fits every link: none is cut off at the edge or hidden under the cabinet.
      for (const width of [1280, 1440, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        for (const link of await nav(page).getByRole('link').all()) {
          const seen = await link.evaluate((a) => {
            const box = a.getBoundingClientRect();
            const hit = document.elementFromPoint(box.right - 2, box.top + box.height / 2);
            return { inside: box.right <= window.innerWidth, hit: hit !== null && a.contains(hit) };
          });
          expect(seen, `${width}px: ${await link.textContent()}`).toEqual({ inside: true, hit: true });
        }
      }
    },
  );
});

test('a custom module is in the menu, its page shows the headline, loaded once and kept', async ({
  page,
}) => {
  expect((await open(page, '/club'))?.status()).toBe(404);
  const club = { id: 'club', name: 'Клуб', path: '/club' };
  await withSettings(
    (s) => ({ ...s, customModules: [club] }),
    async () => {
      const calls: string[] = [];
      page.on('request', (r) => new URL(r.url()).pathname === '/api/custom' && calls.push(r.url()));
      await open(page, '/');
      await nav(page).getByRole('link', { name: 'Клуб', exact: true }).click();
      await expect(page).toHaveURL(/\/club$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Клуб любителей выпечки' })).toBeVisible();
      await expect(page.getByText('каждую десятую выпечку в подарок')).toBeVisible();
      await nav(page).getByRole('link', { name: 'Главная', exact: true }).click();
      await expect(page.locator('.hero')).toBeVisible();
      await nav(page).getByRole('link', { name: 'Клуб', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Клуб любителей выпечки' })).toBeVisible();
      expect(calls).toHaveLength(1);
      const response = await open(page, '/club');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/Клуб любителей выпечки/);
    },
  );
  await withSettings(
    (s) => ({ ...s, customModules: [{ ...club, disabled: true }] }),
    async () => {
      const response = await open(page, '/club');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: 'Клуб', exact: true })).toHaveCount(0);
    },
  );
});
