import { expect, test } from '@playwright/test';
import { blockTiles, expectPlaced } from './support/map';
import { open } from './support/navigation';

/* Small things a person notices at once and reads as a broken site (issue 27, item 5). */

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('phone numbers never break across lines', async ({ page }) => {
    await blockTiles(page);
    let seen = 0;
    for (const path of ['/', '/contacts', '/points']) {
      await open(page, path);
      const lines = await page.locator('a[href^="tel:"]:visible').evaluateAll((links) =>
        links.map((a) => ({
          text: a.textContent,
          lines: new Set([...a.getClientRects()].map((r) => r.top)).size,
        })),
      );
      for (const phone of lines) expect(phone, `${path}: ${phone.text}`).toMatchObject({ lines: 1 });
      seen += lines.length;
    }
    expect(seen).toBeGreaterThan(1);
  });

  test('the company confirm step opens at its top', async ({ page }) => {
    await open(page, '/gc/Entity');
    await page.getByLabel('Название организации').fill('ООО «Ромашка»');
    await page.getByLabel('ИНН').fill('7701234567');
    await page.getByLabel('КПП').fill('770101001');
    await page.getByRole('textbox', { name: 'Банк', exact: true }).fill('ПАО Сбербанк');
    await page.getByLabel('БИК банка').fill('044525225');
    await page.getByLabel('Расчётный счёт').fill('40702810938000012345');
    await page.getByLabel('Корреспондентский счёт').fill('30101810400000000225');
    await page.getByLabel('Телефон компании').fill('9005550399');
    await page.getByRole('button', { name: '3\u00a0000\u00a0₽' }).click();
    await page.getByLabel('E-mail для счёта').fill('buh@romashka.example');
    await page.getByLabel('Телефон получателя').fill('9001112233');
    await page.getByLabel('Поздравление').fill('Спасибо за работу!');
    await page.getByRole('button', { name: 'Проверить и выставить счёт' }).tap();
    await expect(page).toHaveURL(/\/gc\/Entity\/confirm$/);
    await expect(page.getByText('ООО «Ромашка»')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Проверьте данные компании', level: 1 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Opened again (a reload, a link), it starts at the top too.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.reload();
    await expect(page.getByText('ООО «Ромашка»')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Проверьте данные компании', level: 1 })).toBeInViewport();
  });
});

test('no grey band at the top left: the hidden skip link casts no shadow until it is focused', async ({
  page,
}) => {
  await open(page, '/');
  const skip = page.locator('.skip-link');
  const unfocused = await skip.evaluate((el) => ({
    shadow: getComputedStyle(el).boxShadow,
    bottom: el.getBoundingClientRect().bottom,
  }));
  expect(unfocused.bottom).toBeLessThanOrEqual(0);
  expect(unfocused.shadow).toBe('none');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});

test('/gc/result without an order does not say the payment went through', async ({ page }) => {
  await open(page, '/gc/result');
  await expect(page.getByText(/Оплата прошла/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Заказ не найден' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Купить ещё карту' })).toBeVisible();
});

test('a QR sum with more than 2 decimals is rounded to kopecks (spec section 9), not refused', async ({
  page,
}) => {
  await open(page, '/loyalty?p=3&s=12.345');
  await expect(page.getByRole('button', { name: /^Оплатить 12,35\s₽$/ })).toBeVisible();
  await open(page, '/loyalty?p=3&s=12.344');
  await expect(page.getByRole('button', { name: /^Оплатить 12,34\s₽$/ })).toBeVisible();
});

test('a point’s page shows the point on a map', async ({ page }) => {
  await blockTiles(page);
  await open(page, '/points/3');
  const map = page.getByRole('region', { name: 'Магазин на карте' });
  await expect(map).toBeVisible();
  await expectPlaced(page, 1);
});
