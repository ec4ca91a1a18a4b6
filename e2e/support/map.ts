import { expect, type Page } from '@playwright/test';

/** The map's tile host: every request to it is refused, so no journey ever touches the network. */
export async function blockTiles(page: Page) {
  await page.route(/^https:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//, (route) => route.abort());
}

/** A blank 1x1 PNG for every tile: for journeys that assert a clean console (a refused tile logs an error). */
export async function blankTiles(page: Page) {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await page.route(/^https:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ contentType: 'image/png', body: png }),
  );
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
