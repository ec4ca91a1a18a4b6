import type { Page } from '@playwright/test';

/** Waits until React has hydrated the page, so a click reaches its handler rather than the bare HTML. */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Opens a page and waits for it to come alive. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export async function reload(page: Page) {
  await page.reload();
  await waitForHydration(page);
}
