import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { payOnSandboxCard, SANDBOX_CARD_OK } from './support/sandbox-bank';

// A payment moves money and writes an operation, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';

test('a visitor types a promo code on the payment page, sees the discount and pays the rest by card (decision 071)', async ({
  page,
}) => {
  await open(page, '/loyalty?p=3&s=500');
  await expect(page.getByRole('heading', { name: 'Оплата покупки', level: 1 })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Промокод' });
  const apply = page.getByRole('button', { name: 'Применить' });

  // A code that does not exist: the server's words under the field, the sums as they were.
  await field.fill('НЕТТАКОГО');
  await apply.click();
  await expect(page.getByText('Такого промокода нет: проверьте, как он набран')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: `Оплатить 500${NBSP}₽` })).toBeVisible();

  // The demo's shared code, typed in lower case: 10% off, and the point's 10% earns on the 450 ₽ paid.
  await field.fill('демо10');
  await apply.click();
  const applied = page.getByTestId('coupon-applied');
  await expect(applied).toContainText('Промокод ДЕМО10 применён');
  await expect(applied).toContainText(`Скидка 50${NBSP}₽`);
  await expect(page.getByTestId('coupon-discount')).toHaveText(`Скидка по промокоду−50${NBSP}₽`);
  await expect(page.getByText(`Начислим бонусов45${NBSP}бонусов`)).toBeVisible();
  const pay = page.getByRole('button', { name: `Оплатить 450${NBSP}₽` });
  await expect(pay).toBeVisible();
  await expectNoAxeViolations(page);

  // The layout at a desktop's width and a phone's: the field and its button on one line, nothing wider.
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`payment-coupon-${width}.png`), fullPage: true });
  }
  // Taken off and put back: the page's draft is recomputed each time.
  await applied.getByRole('button', { name: 'Убрать' }).click();
  await expect(page.getByRole('button', { name: `Оплатить 500${NBSP}₽` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('payment-coupon-field-375.png'), fullPage: true });
  await field.fill('ДЕМО10');
  await apply.click();
  await expect(applied).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });

  await pay.click();
  const popup = page.getByRole('dialog', { name: 'Подтвердите оплату' });
  await expect(popup.getByText(`Скидка по промокоду−50${NBSP}₽`)).toBeVisible();
  await popup.getByRole('button', { name: 'Подтвердить и оплатить' }).click();
  await payOnSandboxCard(page, SANDBOX_CARD_OK);
  await expect(page).toHaveURL(/\/loyalty\/finish\?d=[0-9a-f-]{36}&p=3&s=500$/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.getByText(`Начислено бонусов45${NBSP}бонусов`)).toBeVisible();
  await expect(page.getByText(`Скидка по промокоду−50${NBSP}₽`)).toBeVisible();
});
