import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { customerWithCard } from './support/cabinet';
import { E2E } from './support/e2e-env';

// Promos are rows of their own that no other journey reads: the journey runs on the mutable server, beside the
// campaigns' journey, and its titles carry the run's stamp.
test.use({ baseURL: E2E.mutableUrl });

const STAMP = Date.now().toString(36);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function createPromo(
  page: Page,
  fields: { title: string; kind: string; effect: string; value: string },
) {
  const form = page.getByRole('form', { name: 'Новая акция с промокодами' });
  await form.getByLabel('Название', { exact: true }).fill(fields.title);
  await form.getByLabel('Коды', { exact: true }).selectOption({ label: fields.kind });
  await form.getByLabel('Действие').selectOption({ label: fields.effect });
  await form.getByLabel('Величина').fill(fields.value);
  await form.getByRole('button', { name: 'Создать акцию' }).click();
  await expect(form.getByRole('status')).toHaveText('Акция создана');
  const row = page.getByRole('row').filter({ hasText: fields.title });
  await row.getByRole('button', { name: 'Коды' }).click();
  return page.getByRole('region', { name: `Коды акции «${fields.title}»` });
}

test('the marketer generates one-use codes and downloads them; a personal coupon shows in the member’s cabinet with its QR', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // The member: a customer with a card, logged in on a phone of their own (a browser context of their own).
  const cabinet = await page.context().browser()!.newContext({ baseURL: E2E.mutableUrl });
  const member = await cabinet.newPage();
  const phone = await customerWithCard(member, request);
  await staffInConsole(page, 'marketer');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Промокоды' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Промокоды и купоны' })).toBeVisible();

  const flyers = await createPromo(page, {
    title: `Листовки ${STAMP}`,
    kind: 'Одноразовые коды',
    effect: 'Скидка, %',
    value: '10',
  });
  await flyers.getByLabel('Сколько кодов создать').fill('500');
  await flyers.getByRole('button', { name: 'Создать коды' }).click();
  await expect(flyers.getByRole('status').first()).toHaveText('Создано кодов: 500, всего у акции: 500');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    flyers.getByRole('button', { name: 'Скачать CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rows[0]).toBe('Код;Статус;Телефон');
  expect(rows).toHaveLength(501);
  expect(rows[1]).toMatch(/^[2-9A-HJKMNP-Z]{10};свободен;$/);
  await expectNoAxeViolations(page);
  await shot(page, 'console-promo-codes');

  // The codes to print and cut (decision 064): QR and Code128 cards, 96 to a sheet, the console's chrome left out.
  await flyers.getByRole('link', { name: 'Коды для печати' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Коды для печати: «Листовки ${STAMP}»`);
  await expect(page.getByText('Лист 1 из 6 · свободных кодов: 500')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Карточки промокодов' }).getByRole('listitem');
  await expect(cards).toHaveCount(96);
  const firstCode = rows[1]!.split(';')[0]!;
  await expect(cards.first()).toContainText(firstCode);
  await expect(
    cards.first().getByRole('img', { name: `Штрихкод Code128 промокода ${firstCode}` }),
  ).toBeVisible();
  await expect(
    cards
      .first()
      .getByRole('img', { name: `Штрихкод Code128 промокода ${firstCode}` })
      .locator('rect')
      .first(),
  ).toBeAttached();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'console-promo-print');
  await expect(page.getByRole('navigation', { name: 'Разделы консоли' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'К промокодам' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Промокоды и купоны' })).toBeVisible();
  // Paused, the tills refuse its codes; resumed, they take them again (decision 064).
  const flyersRow = page.getByRole('row').filter({ hasText: `Листовки ${STAMP}` });
  await flyersRow.getByRole('button', { name: 'Коды' }).click();
  const edit = page.getByRole('form', { name: `Изменить акцию «Листовки ${STAMP}»` });
  await edit.getByRole('button', { name: 'Приостановить' }).click();
  await expect(edit.getByText('Акция приостановлена: кассы не принимают её коды')).toBeVisible();
  await expect(flyersRow).toContainText('(приостановлена)');
  await edit.getByRole('button', { name: 'Возобновить' }).click();
  await expect(edit.getByText('Акция возобновлена')).toBeVisible();
  await expect(flyersRow).not.toContainText('приостановлена');

  const birthday = await createPromo(page, {
    title: `С днём рождения ${STAMP}`,
    kind: 'Персональные купоны',
    effect: 'Скидка, ₽',
    value: '300',
  });
  await birthday.getByLabel('Телефон участника').fill(`+${phone}`);
  await birthday.getByRole('button', { name: 'Выдать купон' }).click();
  await expect(birthday.getByRole('status').first()).toContainText('Купон выдан');
  const code = (await birthday.getByTestId('issued-coupon').textContent())!;
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);

  // The member opens the cabinet's «Сертификаты» tab: the coupon, its code and a QR to show at the till.
  await member.setViewportSize({ width: 375, height: 812 });
  await member.goto('/profile?t=certificates');
  const coupons = member.getByRole('region', { name: 'Мои купоны' });
  await expect(coupons).toContainText(`С днём рождения ${STAMP}`);
  await expect(coupons).toContainText('Скидка 300');
  await expect(coupons).toContainText(code);
  await expect(
    coupons.getByRole('img', { name: `QR-код купона ${code}: покажите его на кассе` }),
  ).toBeVisible();
  await expectNoAxeViolations(member);
  await shot(member, 'cabinet-coupons-375');
  await cabinet.close();
});
