import { expect, test } from '@playwright/test';
import { DEMO_PHONE, freshPhone, lastCode, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';

// A registration writes a customer, so it runs on the mutable server (the demo brand's referral bonus is on).
test.use({ baseURL: E2E.mutableUrl });

const DEMO_CARD = '7770000000000011';

test('a member copies the invite link; a new phone opens it and registers with the referrer filled in', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000); // two browsers, a login by SMS code and a registration
  // A desktop browser without the share sheet: the button copies the link.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginThroughApi(page, request, DEMO_PHONE);
  await open(page, '/profile');
  const invite = page.getByTestId('invite-friend');
  await expect(invite.getByRole('heading', { name: 'Пригласите друга' })).toBeVisible();
  await expect(invite).toContainText('вы получите 200\u00a0бонусов');
  const link = `${E2E.mutableUrl}/registration?referrer=${DEMO_CARD}`;
  await expect(invite.getByLabel('Ваша ссылка-приглашение')).toHaveValue(link);
  await invite.getByRole('button', { name: 'Пригласить друга' }).click();
  await expect(invite.getByRole('status')).toHaveText('Ссылка скопирована: отправьте её другу');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(link);

  // The friend: another browser, a phone the programme has not seen.
  const friend = await browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' });
  const friendPage = await friend.newPage();
  const phone = freshPhone();
  await friendPage.goto(copied);
  await expect(friendPage.getByRole('heading', { level: 1, name: 'Регистрация карты' })).toBeVisible();
  await friendPage.getByLabel('На номер будет выслано СМС с кодом').fill(phone.slice(1));
  await friendPage.getByRole('checkbox', { name: 'Я согласен с условиями участия' }).check();
  await friendPage.getByRole('button', { name: 'Отправить код' }).click();
  await friendPage.getByLabel('Пароль из СМС').fill(await lastCode(request, phone));
  await friendPage.getByRole('button', { name: 'Продолжить' }).click();
  await expect(friendPage.getByLabel('Номер карты пригласившего, если вас пригласили')).toHaveValue(
    DEMO_CARD,
  );
  await friendPage.getByLabel('Фамилия').fill('Друг');
  await friendPage.getByLabel('Имя').fill('Новый');
  await friendPage.getByRole('button', { name: 'Зарегистрировать карту' }).click();
  await expect(friendPage).toHaveURL(/\/profile$/);
  await expect(friendPage.getByText('Здравствуйте, Новый Друг!')).toBeVisible();
  await friend.close();
});

test('on a phone the invite opens the share sheet with the link', async ({ page, request }) => {
  test.slow(); // the cabinet's first load
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedInvites: shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
      configurable: true,
    });
  });
  await loginThroughApi(page, request, DEMO_PHONE);
  await open(page, '/profile');
  await page.getByTestId('invite-friend').getByRole('button', { name: 'Пригласить друга' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedInvites: ShareData[] }).sharedInvites))
    .toEqual([expect.objectContaining({ url: `${E2E.mutableUrl}/registration?referrer=${DEMO_CARD}` })]);
});
