import { expect, test, type Page } from '@playwright/test';
import { lastCode } from './support/cabinet';
import { open } from './support/navigation';

async function askForCode(page: Page, typed: string) {
  await open(page, '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  await expect(page.getByText('Выполните вход')).toBeVisible();
  await page.getByLabel('На номер будет выслано СМС с кодом').fill(typed);
  await page.getByRole('checkbox', { name: 'Я согласен с условиями участия' }).check();
  await page.getByRole('button', { name: 'Отправить код' }).click();
  await expect(page.getByLabel('Пароль из СМС')).toBeVisible();
}

test('the phone field: prefilled 7, the mask, the incomplete message, the send rules', async ({ page }) => {
  await open(page, '/login');
  const phone = page.getByLabel('На номер будет выслано СМС с кодом');
  const send = page.getByRole('button', { name: 'Отправить код' });
  await phone.focus();
  await expect(phone).toHaveValue('+7');
  await phone.pressSequentially('90011');
  await expect(phone).toHaveValue('+7 (900) 11');
  await page.getByRole('checkbox', { name: 'Я согласен с условиями участия' }).check();
  await expect(send).toBeDisabled();
  await phone.blur();
  await expect(page.getByText('Введены не все символы')).toBeVisible();
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('12233');
  await expect(phone).toHaveValue('+7 (900) 111-22-33');
  await expect(page.getByText('Введены не все символы')).toHaveCount(0);
  await expect(send).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Я согласен с условиями участия' }).uncheck();
  await expect(send).toBeDisabled();
  await expect(page.getByRole('link', { name: 'условиями участия' })).toHaveAttribute('href', '/about');
});

test('a new phone logs in with the code from the SMS; with no card yet the guard sends it to /registration', async ({
  page,
  request,
}) => {
  await askForCode(page, '9001110001');
  await expect(page.getByText(/^Повторная отправка возможна через 0:[0-5]\d$/)).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Подтвердить' });
  await expect(confirm).toBeDisabled();
  await page.getByLabel('Пароль из СМС').fill(await lastCode(request, '79001110001'));
  await confirm.click();
  await expect(page).toHaveURL(/\/registration$/);
  const tokens = await page.evaluate(() => [
    localStorage.getItem('accessToken'),
    localStorage.getItem('refreshToken'),
  ]);
  expect(tokens.every(Boolean)).toBe(true);
  await page.getByRole('button', { name: 'Личный кабинет' }).hover();
  await page.locator('.cabinet__menu').getByRole('button', { name: 'Выход' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a wrong code says «Неправильный код подтверждения»', async ({ page, request }) => {
  await askForCode(page, '9001110002');
  const right = await lastCode(request, '79001110002');
  await page.getByLabel('Пароль из СМС').fill(right === '11111' ? '22222' : '11111');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неправильный код подтверждения');
  await expect(page).toHaveURL(/\/login$/);
});

test('the resend link appears when the countdown ends', async ({ page }) => {
  await page.clock.install();
  await askForCode(page, '9001110003');
  await expect(page.getByText('Повторная отправка возможна через 0:60')).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(page.getByText('Повторная отправка возможна через 0:30')).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page.getByRole('button', { name: 'Отправить код повторно' })).toBeVisible();
});

test('the login page with ?view=clear goes on to the clear cabinet', async ({ page, request }) => {
  await open(page, '/login?view=clear');
  await expect(page.locator('.site-header')).toHaveCount(0);
  await page.getByLabel('На номер будет выслано СМС с кодом').fill('9001110004');
  await page.getByRole('checkbox', { name: 'Я согласен с условиями участия' }).check();
  await page.getByRole('button', { name: 'Отправить код' }).click();
  await page.getByLabel('Пароль из СМС').fill(await lastCode(request, '79001110004'));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  // /profile?view=clear, whose guard sends a phone without a card on to the clear registration.
  await expect(page).toHaveURL(/\/registration\?view=clear$/);
});
