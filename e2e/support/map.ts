import { expect, type Page } from '@playwright/test';

/** The map's tile host: every request to it is refused, so no journey ever touches the network. */
export async function blockTiles(page: Page) {
  await page.route(/^https:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//, (route) => route.abort());
}

/** Points the map shows: single markers plus the counts of the clusters. */
export function placedCount(page: Page, scope = '.point-map') {
  return page.locator(scope).evaluate((map) => {
    const clustered = [...map.querySelectorAll('.map-cluster')].map((c) => Number(c.textContent));
    return map.querySelectorAll('.map-marker').length + clustered.reduce((a, b) => a + b, 0);
  });
}

export async function expectPlaced(page: Page, count: number, scope?: string) {
  await expect.poll(() => placedCount(page, scope)).toBe(count);
}
