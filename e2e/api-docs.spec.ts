import { expect, test, type Page } from '@playwright/test';

/**
 * The browsable API documentation (Swagger UI at /api/docs/ui, docs/decisions/024) renders in Chromium under
 * its strict CSP, from this server's files alone, and shows the till API with its examples.
 *
 * Swagger UI (5.3x) virtualises the list of operations once it has 150 rows or more (tags and operations
 * together; ours passed that in November 2026): only the rows near the viewport are in the DOM, the rest
 * appear on scrolling. So the till is reached as an integrator is sent to it, by its deep link `#/till`,
 * never by expecting every operation of the page to be rendered at once.
 */

/** Everything the CSP refused, as the page saw it (securitypolicyviolation) and as the console told it. */
async function watchCsp(page: Page, origin: string) {
  const refused: string[] = [];
  const errors: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    else if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) elsewhere.push(url);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return {
    refused,
    errors,
    elsewhere,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

test('the API documentation renders under its strict CSP and shows the till with its examples', async ({
  page,
  baseURL,
}) => {
  // Swagger UI draws every operation of a document that grows with the API (issue 29 added a dozen): in the full
  // run it reached the last check at 30 s twice, the page right but slow.
  test.slow();
  const csp = await watchCsp(page, new URL(baseURL!).origin);
  const response = await page.goto('/api/docs/ui#/till');
  expect(response?.status()).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe');

  await expect(page).toHaveTitle('Kopilka API');
  // Swagger UI draws its heading from the OpenAPI document, which the server builds at its first request: seconds
  // on a busy machine (it once took more than the usual 7).
  await expect(page.getByRole('heading', { name: /Kopilka API/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.opblock-tag[data-tag="till"]')).toBeVisible();
  const spend = page.locator('.opblock-summary', { hasText: '/api/till/spend' }).first();
  await expect(spend).toBeVisible();
  await expect(page.locator('.opblock-summary', { hasText: '/api/till/verify' }).first()).toBeVisible();

  // The spend's request examples, by their summaries, and the example chosen shown as the body.
  await spend.click();
  const operation = page.locator('.opblock.is-open', { hasText: '/api/till/spend' });
  const examples = operation.locator('.opblock-section-request-body .examples-select select');
  await expect(examples).toBeVisible();
  await expect(examples.locator('option')).toContainText(['Spend the most allowed', 'Spend 200 bonuses']);
  await examples.selectOption({ label: 'Spend 200 bonuses on a cheque of 1000 ₽' });
  await expect(operation.locator('.opblock-section-request-body')).toContainText('"bonuses": 200');
  await expect(operation.locator('.responses-wrapper')).toContainText('"state": "HELD"');

  expect(await csp.violations()).toEqual([]);
  expect(csp.refused).toEqual([]);
  expect(csp.errors).toEqual([]);
  expect(csp.elsewhere).toEqual([]);
});
