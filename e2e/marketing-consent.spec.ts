import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createStaffThroughApi, firstLoginInConsole, uniqueEmail } from './support/admin';
import { freshPhone, lastCode } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';

// Registering changes data, so it runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

const CONSENT = /Согласен получать рекламные и информационные сообщения об акциях/;
const SHOTS = process.env.CONSENT_SHOTS_DIR;

/**
 * The unsubscribe token as server/core/marketing/unsubscribe.ts makes it, under the e2e servers' development
 * AUTH_SECRET (config.ts DEV_AUTH_SECRET: they set none): the member's id, the channel, 12 bytes of HMAC.
 */
function unsubscribeToken(userId: string, channel: 0 | 1 | 2) {
  const secret = 'INSECURE-development-only-auth-secret-set-AUTH_SECRET';
  const key = createHmac('sha256', secret).update('kopilka/marketing-unsubscribe').digest();
  const payload = Buffer.concat([Buffer.from(userId.replace(/-/g, ''), 'hex'), Buffer.from([channel])]);
  const mac = createHmac('sha256', key).update(payload).digest().subarray(0, 12);
  return Buffer.concat([payload, mac]).toString('base64url');
}

/** Screenshots at a phone's and a desktop's width, when CONSENT_SHOTS_DIR asks for them. */
async function shoot(page: Page, name: string, part: () => ReturnType<Page['locator']>) {
  if (!SHOTS) return;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await part().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a new member ticks the advertising opt-in, sees the switches on, unsubscribes by the SMS link, sees it off', async ({
  page,
  request,
}) => {
  const phone = freshPhone();
  await open(page, '/registration');
  await page.getByLabel('На номер будет выслано СМС с кодом').fill(phone.slice(1));
  await page.getByRole('checkbox', { name: 'Я согласен с условиями участия' }).check();
  await page.getByRole('button', { name: 'Отправить код' }).click();
  await page.getByLabel('Пароль из СМС').fill(await lastCode(request, phone));
  await page.getByRole('button', { name: 'Продолжить' }).click();

  const opt = page.getByRole('checkbox', { name: CONSENT });
  await expect(opt).not.toBeChecked(); // unticked until the member ticks it
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Имя').fill('Ольга');
  await opt.check();
  await shoot(page, 'registration', () => opt);
  await page.getByRole('button', { name: 'Зарегистрировать карту' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('link', { name: 'Профиль' }).click();
  const section = page.getByRole('region', { name: 'Рекламные сообщения' });
  await expect(section.getByRole('switch', { name: 'SMS' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'E-mail' })).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Push-уведомления' })).toBeChecked();
  await shoot(page, 'cabinet-switches', () => section);

  // The SMS's short link: found as the sender would make it, for this member.
  const found = await request.get(`/api/admin/members?q=${phone}`, {
    headers: { authorization: `Bearer ${E2E.operatorToken}` },
  });
  const [member] = (await found.json()) as Array<{ userId: string }>;
  await page.goto(`/u/${unsubscribeToken(member!.userId, 0)}`);
  await expect(page.getByText('Больше не присылать вам рекламные SMS?')).toBeVisible();
  await page.getByRole('button', { name: 'Отписаться' }).click();
  await expect(page.getByRole('status')).toContainText('вы отписались');

  await open(page, '/profile');
  await page.getByRole('link', { name: 'Профиль' }).click();
  await expect(section.getByRole('switch', { name: 'SMS' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'E-mail' })).toBeChecked();
  // And the member switches SMS back on in the cabinet.
  await section.getByRole('switch', { name: 'SMS' }).check();
  await expect(section.getByRole('switch', { name: 'SMS' })).toBeChecked();
});

test('support sees the consent and its history on the member page and records a withdrawal on request', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const phone = freshPhone();
  const request = page.request;
  expect((await request.post('/api/auth/phone', { data: { phone } })).ok()).toBe(true);
  const code = await lastCode(request, phone);
  const { token } = (await (
    await request.post('/api/auth/token', { data: { phone, token: code } })
  ).json()) as {
    token: string;
  };
  const card = await request.post('/api/user/newCard', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Вера', lastName: 'Рекламная', marketingConsent: true },
  });
  expect(card.ok()).toBe(true);

  const email = uniqueEmail('support-consent');
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstLoginInConsole(
    page,
    email,
    await createStaffThroughApi(email, 'support'),
    'support-consent-pass-1',
  );
  await page.goto('/admin/members');
  await page.getByLabel(/^Телефон, номер карты/).fill(phone);
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.getByRole('link', { name: `Открыть ${phone}` }).click();

  const consent = page.getByTestId('member-consent');
  await expect(consent.getByRole('list', { name: 'Согласие на рекламу' })).toContainText('SMS: Дано');
  const history = consent.getByRole('table', { name: 'История согласия' });
  await expect(history.getByRole('row').filter({ hasText: 'форма регистрации' })).toHaveCount(3);
  await consent.getByRole('button', { name: 'Записать отказ: SMS' }).click();
  await consent.getByRole('button', { name: 'Записать отказ', exact: true }).click();
  await expect(consent.getByRole('status')).toHaveText('Отказ записан');
  await expect(consent.getByRole('list', { name: 'Согласие на рекламу' })).toContainText('SMS: Нет');
  await expect(history.getByRole('row').filter({ hasText: 'оператор по просьбе' })).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-consent-1280.png`, fullPage: true });
});
