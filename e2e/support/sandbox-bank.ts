import { expect, type Page } from '@playwright/test';

/** The sandbox bank's test cards (docs/operations.md, `ACQUIRER`; docs/design/product.md "Payments"). */
export const SANDBOX_CARD_OK = '4111 1111 1111 1111';
export const SANDBOX_CARD_DECLINED = '4000 0000 0000 0002';

/** Pays on the sandbox acquirer's hosted card page (docs/design/product.md "Payments"). */
export async function payOnSandboxCard(page: Page, card: string = SANDBOX_CARD_OK) {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Оплатить' }).click();
}

/** The sandbox gateway's card-saving page. */
export async function saveOnSandbox(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.getByRole('heading', { name: 'Привязка карты' })).toBeVisible();
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('11/29');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Привязать карту' }).click();
}
