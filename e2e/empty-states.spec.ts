import { expect, test } from '@playwright/test';
import { E2E } from './support/e2e-env';
import { blockTiles } from './support/map';
import { open } from './support/navigation';
import { withContent } from './support/operator';

// An operator import empties the lists on the mutable server; every list page then says so in words.
test.use({ baseURL: E2E.mutableUrl });
test.beforeEach(({ page }) => blockTiles(page));

const empty = <T extends object>(c: T) => ({ ...c, points: [], actions: [], news: [], faq: [] });

test('with no news, points or questions, each list shows its empty-state text', async ({ page }) => {
  await withContent(empty, async () => {
    for (const [path, text] of [
      ['/news', 'Новостей пока нет.'],
      ['/points', 'Магазинов пока нет.'],
      ['/faq', 'Вопросов пока нет.'],
      ['/map', 'Магазинов с адресом на карте пока нет.'],
    ] as const) {
      const response = await open(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('.empty-state'), path).toHaveText(text);
      await expect(page.locator('.point-map, .news-card, .point-card, .faq__question')).toHaveCount(0);
    }
    // Home keeps its hero and sections and leaves out the empty strips (the demo's weekend campaign, not
    // content, still has its strip on a Saturday).
    await open(page, '/');
    await expect(page.locator('.hero')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Разделы программы' })).toBeVisible();
    await expect(page.locator('.home-strip:has(#home-news), .home-strip:has(#home-points)')).toHaveCount(0);
  });
});

test('with points but none placed, the map says so while the list shows them', async ({ page }) => {
  await withContent(
    (c) => ({
      ...c,
      points: c.points.map((p) => {
        const point = p as { address: Record<string, unknown> };
        return { ...point, address: { ...point.address, latitude: null, longitude: null } };
      }),
    }),
    async () => {
      await open(page, '/map');
      await expect(page.locator('.empty-state')).toHaveText('Магазинов с адресом на карте пока нет.');
      await open(page, '/points');
      await expect(page.locator('.point-card')).toHaveCount(14);
      await expect(page.locator('.point-map')).toHaveCount(0);
    },
  );
});
