import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';
import { payOnSandboxCard, SANDBOX_CARD_OK } from './support/sandbox-bank';

// A payment moves money and writes an operation, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';

test('a till’s receipt paid on the site: its lines on the page and the finish, cigarettes without bonuses (decision 069)', async ({
  page,
  request,
}) => {
  const key = await issueTillKey(1);
  const registered = await request.post('/api/till/payment-receipt', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      idempotencyKey: `e2e-receipt-${Date.now()}`,
      sum: 304.9,
      items: [
        { sku: '10003', name: 'Багет французский', quantity: 1, price: 89.9, sum: 89.9 },
        { sku: '50001', name: 'Сигареты «Ява Золотая»', quantity: 1, price: 215, sum: 215 },
      ],
    },
  });
  expect(registered.ok()).toBe(true);
  const { paymentUrl, receiptId } = (await registered.json()) as { paymentUrl: string; receiptId: string };
  const url = new URL(paymentUrl);
  expect(url.searchParams.get('r')).toBe(receiptId);

  // The QR's address, as the customer's phone opens it.
  await open(page, `${url.pathname}${url.search}`);
  const receipt = page.getByRole('region', { name: 'Товары в чеке: 2' });
  await expect(receipt.getByTestId('receipt-line')).toHaveCount(2);
  await expect(receipt.getByTestId('receipt-line').nth(0)).toContainText('Багет французский');
  await expect(receipt.getByTestId('receipt-line').nth(0)).toContainText(`89,90${NBSP}₽`);
  await expect(receipt.getByTestId('receipt-line').nth(0)).toContainText('+');
  await expect(receipt.getByTestId('receipt-line').nth(1)).toContainText('Сигареты «Ява Золотая»');
  await expect(receipt.getByTestId('receipt-line').nth(1)).toContainText('без бонусов');
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

  await page.screenshot({ path: test.info().outputPath('payment-receipt.png'), fullPage: true });
  await page.getByRole('button', { name: `Оплатить 304,90${NBSP}₽` }).click();
  const popup = page.getByRole('dialog', { name: 'Подтвердите оплату' });
  await popup.getByRole('button', { name: 'Подтвердить и оплатить' }).click();
  await payOnSandboxCard(page, SANDBOX_CARD_OK);
  await expect(page).toHaveURL(new RegExp(`/loyalty/finish\\?d=[0-9a-f-]{36}&p=1&s=304.9&r=${receiptId}$`));
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  const done = page.getByRole('region', { name: 'Товары в чеке: 2' });
  await expect(done.getByTestId('receipt-line').nth(1)).toContainText('без бонусов');
});
