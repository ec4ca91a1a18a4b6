import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';
import { logInToTill } from './support/till';

// The till moves bonuses and the cheque needs a payment, so this runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const BRAND_PRIMARY = 'rgb(46, 125, 50)'; // the demo brand's colorPrimary #2E7D32

/** A new member with a card, logged in on `page`: their token and the member code the cabinet shows. */
async function memberWithCode(page: Page, request: APIRequestContext) {
  const { token } = await loginThroughApi(page, request, freshPhone());
  const registered = await request.post('/api/user/newCard', {
    data: { firstName: 'Ольга', lastName: 'Петрова' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(registered.ok()).toBe(true);
  await open(page, '/profile');
  const code = await page.locator('.member-code [data-code]').getAttribute('data-code');
  return { token, code: code! };
}

const VIEWPORTS = [
  ['phone', { width: 375, height: 740 }],
  ['desktop', { width: 1280, height: 860 }],
] as const;

for (const [name, viewport] of VIEWPORTS) {
  test(`the till and the cheque wear the brand and read as a cashier and a customer expect (${name})`, async ({
    page,
    request,
    browser,
  }) => {
    const key = await issueTillKey(1);
    const { token, code } = await memberWithCode(page, request);

    const context = await browser.newContext({ baseURL: E2E.mutableUrl, viewport, locale: 'ru-RU' });
    const till = await context.newPage();
    await till.goto('/till');
    await expect(till.locator('.brand-bar')).toContainText('Берёзка');
    await logInToTill(till, key);
    await till.getByLabel('Код покупателя').fill(code);
    await till.getByRole('button', { name: 'Найти покупателя' }).click();
    await expect(till.getByTestId('till-customer')).toHaveText('Ольга П.');
    await till.getByLabel('Сумма чека, ₽').fill('1 234,50');
    await till.getByRole('button', { name: 'Начислить бонусы' }).click();
    await expect(till.getByRole('status')).toHaveText(
      /^Начислено \d+,\d\d\u00a0бонуса: \d+% оплаченного деньгами \(ставка точки \d+%\)\.$/,
    );
    const operation = till.locator('.ops li');
    await expect(operation).toContainText('1\u00a0234,50\u00a0₽');
    // The brand's colour on its buttons, and nothing wider than the screen.
    const accrue = till.getByRole('button', { name: 'Начислить бонусы' });
    expect(await accrue.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(BRAND_PRIMARY);
    expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(till);
    await till.screenshot({ path: `test-results/look/till-${name}.png`, fullPage: true });

    // A payment at the point: its cheque.
    const auth = { authorization: `Bearer ${token}` };
    const draft = await request.post('/api/loyalty/createDraft', {
      data: { retailPointId: 1, paySum: 1500, spendBonus: false, payType: 'IN_RETAIL_POINT' },
      headers: auth,
    });
    expect(draft.ok(), await draft.text()).toBe(true);
    const { draftId } = (await draft.json()).data;
    const processed = await request.post('/api/loyalty/processDraft', {
      data: { draftId, returnUrl: `${E2E.mutableUrl}/loyalty/finish?p=1` },
      headers: auth,
    });
    const chequeUrl = (await processed.json()).data.chequeUrl as string;
    expect(chequeUrl).toMatch(/\/cheque\//);
    await till.goto(new URL(chequeUrl).pathname + new URL(chequeUrl).search);
    await expect(till.getByRole('heading', { level: 1 })).toHaveText(/^Чек № [0-9A-F]{8}$/);
    await expect(till.getByTestId('cheque-sum')).toHaveText('1\u00a0500,00\u00a0₽');
    await expect(till.getByText('ИНН 1655123456, КПП 165501001')).toBeVisible();
    await expect(till.locator('.brand-bar img')).toBeVisible();
    expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(till);
    await till.screenshot({ path: `test-results/look/cheque-${name}.png`, fullPage: true });
    await context.close();
  });
}
