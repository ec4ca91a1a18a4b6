import type { Browser, Page } from '@playwright/test';
import { E2E } from './e2e-env';

/**
 * The shop's till as another device: a phone-width browser of its own on the mutable server, opened at /till
 * (the key's login form). Close its context when done.
 */
export async function openTillDevice(browser: Browser): Promise<{ till: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: E2E.mutableUrl,
    viewport: { width: 375, height: 740 },
    locale: 'ru-RU',
  });
  const till = await context.newPage();
  await till.goto('/till');
  return { till, close: () => context.close() };
}

/** Logs the till page in with its point's key. */
export async function logInToTill(till: Page, key: string): Promise<void> {
  await till.getByLabel('Ключ кассы').fill(key);
  await till.getByRole('button', { name: 'Войти' }).click();
}
