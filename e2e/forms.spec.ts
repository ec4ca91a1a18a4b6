import { expect, test } from '@playwright/test';
import { freshPhone, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';

// The date journey registers a customer: the mutable server.
test.use({ baseURL: E2E.mutableUrl });

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

test('the birth date mask keeps the caret where a digit is replaced', async ({ page, request }) => {
  const phone = freshPhone();
  const { token } = await loginThroughApi(page, request, phone);
  await request.post('/api/user/newCard', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Ольга', lastName: 'Морозова' },
  });
  await open(page, '/profile?t=profile');
  const date = page.getByLabel('Дата рождения');
  await date.click();
  await date.pressSequentially('01021990');
  await expect(date).toHaveValue('01.02.1990');
  await date.evaluate((input: HTMLInputElement) => input.setSelectionRange(1, 1));
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await expect(date).toHaveValue('21.02.1990');
  expect(await date.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(1);
});
