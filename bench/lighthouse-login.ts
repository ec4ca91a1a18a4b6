// The logged-in page of the Lighthouse bench (bench/lighthouse.ts): the demo customer's tokens in the browser's
// localStorage on the app's origin, put there through Playwright's connection to the browser Lighthouse drives.
import type { Browser, Page } from '@playwright/test';

/** The demo customer, and the fixed code the bench's server accepts for it (SMS_TEST_OTP). */
export const DEMO_PHONE = '79000000001';
export const DEMO_OTP = '24680';

async function demoTokens(appUrl: string): Promise<{ token: string; refresh: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const phone = await post('/api/auth/phone', { phone: DEMO_PHONE });
  if (!phone.ok) throw new Error(`POST /api/auth/phone: ${phone.status} ${await phone.text()}`);
  const token = await post('/api/auth/token', { phone: DEMO_PHONE, token: DEMO_OTP });
  if (!token.ok) throw new Error(`POST /api/auth/token: ${token.status} ${await token.text()}`);
  return (await token.json()) as { token: string; refresh: string };
}

/** Runs `work` in a tab of the launched browser (its default profile, the one Lighthouse uses). */
export async function inTab(browser: Browser, work: (page: Page) => Promise<void>) {
  const context = browser.contexts()[0];
  if (!context) throw new Error('the browser has no default context');
  const page = await context.newPage();
  try {
    await work(page);
  } finally {
    await page.close();
  }
}

/** An empty document on the app's origin (answered by the browser, not the app): enough to reach its storage. */
async function openBlank(page: Page, origin: string) {
  const url = `${origin}/__lighthouse-blank`;
  await page.route(url, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>-</title>' }),
  );
  await page.goto(url);
}

/** Logs the demo customer in on the app's origin and empties the HTTP cache, as a storage reset would. */
export async function prepareLoggedIn(browser: Browser, appUrl: string) {
  const pair = await demoTokens(appUrl);
  await inTab(browser, async (page) => {
    await openBlank(page, appUrl);
    await page.evaluate((tokens) => {
      window.localStorage.setItem('accessToken', tokens.token);
      window.localStorage.setItem('refreshToken', tokens.refresh);
    }, pair);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  });
}

/** Forgets the demo customer, so the logged-out pages are measured logged out. */
export async function logOut(browser: Browser, appUrl: string) {
  await inTab(browser, async (page) => {
    await openBlank(page, appUrl);
    await page.evaluate(() => window.localStorage.clear());
  });
}
