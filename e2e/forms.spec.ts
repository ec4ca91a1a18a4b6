import { expect, test } from '@playwright/test';
import { open } from './support/navigation';

// The phone and date masks keep the caret where the person types (docs/decisions/028).
test('the phone mask keeps the caret where a digit is deleted and typed in the middle', async ({ page }) => {
  await open(page, '/login');
  const phone = page.getByLabel('На номер будет выслано СМС с кодом');
  await phone.click();
  await phone.pressSequentially('9001234567');
  await expect(phone).toHaveValue('+7 (900) 123-45-67');
  // The caret after '+7 (90', then a deletion and a new digit there: the caret stays in the middle.
  await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(6, 6));
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await expect(phone).toHaveValue('+7 (950) 123-45-67');
  expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6);

  // A whole number pasted with its 8 reads as the local part.
  await phone.fill('');
  await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(0, 0));
  await page.keyboard.insertText('8 (900) 765-43-21');
  await expect(phone).toHaveValue('+7 (900) 765-43-21');
});
