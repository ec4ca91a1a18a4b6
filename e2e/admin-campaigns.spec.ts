import { expect, test, type Page } from '@playwright/test';
import { MARKETER_SECTIONS, staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { withSettings } from './support/operator';

// Campaigns and settings are the deployment's own state: the journey runs on the mutable server. What it adds
// cannot touch the journeys beside it: the campaign runs on weekends at the airport point from a 5 000 ₽ cheque
// and is deleted at the end; the levels are changed under the settings lock and put back after.
test.use({ baseURL: E2E.mutableUrl });

const TITLE = `Тройные бонусы в аэропорту ${Date.now().toString(36)}`;
const AIRPORT = '«Берёзка Экспресс» в аэропорту';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('the marketer creates a weekend campaign, previews a cheque with it applied, edits levels', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await staffInConsole(page, 'marketer');

  const nav = page.getByRole('navigation', { name: 'Разделы консоли' });
  await expect(nav.getByRole('link')).toHaveText(MARKETER_SECTIONS);
  await nav.getByRole('link', { name: 'Программа' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Программа' })).toBeVisible();
  // The programme's campaigns are named apart from the site's «Акции» pages (decision 054).
  await expect(page.getByRole('heading', { level: 2, name: 'Бонусные кампании' })).toBeVisible();
  const running = page.getByRole('region', { name: 'Идут сейчас', exact: true });
  await expect(running).toContainText('Двойные бонусы на выпечку по выходным');

  // A first try with no title and a multiplier of 20: the schema's messages under their fields.
  await page.getByRole('button', { name: 'Новая бонусная кампания' }).click();
  const form = page.getByRole('form', { name: 'Новая бонусная кампания' });
  await form.getByLabel('Множитель (1–10)').fill('20');
  await form.getByRole('button', { name: 'Сохранить кампанию' }).click();
  await expect(form.getByRole('alert')).toHaveText('Исправьте отмеченные поля');
  await expect(form.getByLabel('Название', { exact: true })).toHaveAccessibleDescription(
    'Название обязательно',
  );
  await expect(form.getByLabel('Множитель (1–10)')).toHaveAccessibleDescription('Множитель не больше 10');

  await form.getByLabel('Название', { exact: true }).fill(TITLE);
  await form.getByLabel('Описание для сайта').fill('По субботам и воскресеньям в аэропорту');
  // Days as dd.mm.yyyy whatever the browser's locale (decision 054): a text that is no day is refused by name.
  await expect(form.getByLabel('Первый день')).toHaveAttribute('placeholder', 'дд.мм.гггг');
  await form.getByLabel('Первый день').fill('01.11.2026');
  await form.getByLabel('Сб', { exact: true }).check();
  await form.getByLabel('Вс', { exact: true }).check();
  await form.getByLabel(AIRPORT).check();
  await form.getByLabel('Минимальный чек, ₽ (0: любой)').fill('5000');
  // Past the owner's limit (×3 by default, decision 046): the marketer's save is refused, naming the limit.
  await form.getByLabel('Множитель (1–10)').fill('5');
  await form.getByRole('button', { name: 'Сохранить кампанию' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Множитель больше предела ×3: такую кампанию сохраняет только владелец программы',
  );
  const limits = page.getByRole('form', { name: 'Пределы начислений' });
  await expect(limits.getByLabel('Множитель кампании не больше, ×')).toHaveValue('3');
  await expect(limits.getByLabel('Множитель кампании не больше, ×')).toBeDisabled();
  await expect(page.getByText('Пределы меняет только владелец программы.')).toBeVisible();
  await form.getByLabel('Множитель (1–10)').fill('3');
  await expectNoAxeViolations(page);
  await shot(page, 'form-1440');
  await form.getByRole('button', { name: 'Сохранить кампанию' }).click();
  await expect(page.getByRole('status')).toHaveText(`Бонусная кампания «${TITLE}» сохранена`);
  const row = running.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('Сб, Вс');
  await expect(row).toContainText(AIRPORT);
  await expect(row).toContainText('Ставка × 3');
  await expect(row).toContainText(/чек от 5\s000 ₽/);

  // Edited: it stacks now, with a priority.
  await row.getByRole('button', { name: 'Изменить' }).click();
  const edit = page.getByRole('form', { name: `Бонусная кампания «${TITLE}»` });
  await edit.getByLabel('Приоритет (0–1000, больше: раньше)').fill('5');
  await edit.getByLabel('Суммируется с другими суммируемыми кампаниями').check();
  await edit.getByRole('button', { name: 'Сохранить кампанию' }).click();
  await expect(row).toContainText('приоритет 5');
  await expect(row).toContainText('суммируется');

  // A 6 000 ₽ cheque at the airport on Saturday noon: the point's 5 % tripled.
  const preview = page.getByRole('form', { name: 'Проверка начисления' });
  await preview.getByLabel('Сумма чека, ₽').fill('6000');
  await preview.getByLabel('Точка').selectOption({ label: AIRPORT });
  await preview.getByLabel(/^Дата и время/).fill('28.11.2026 25:00');
  await preview.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(preview.getByLabel(/^Дата и время/)).toHaveAccessibleDescription(/дд\.мм\.гггг чч:мм/);
  await preview.getByLabel(/^Дата и время/).fill('28.11.2026 12:00');
  await preview.getByRole('button', { name: 'Рассчитать' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Начислится' });
  await expect(answer).toContainText('Начислится бонусов: 900');
  await expect(answer).toContainText('Ставка точки: Базовое начисление 5%');
  await expect(answer).toContainText(`Бонусная кампания: ${TITLE}`);
  await shot(page, 'preview-1440');
  // On Wednesday the campaign does not run.
  await preview.getByLabel(/^Дата и время/).fill('25.11.2026 12:00');
  await preview.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(answer).toContainText('Начислится бонусов: 300');
  await expect(answer).not.toContainText(TITLE);
  await expectNoAxeViolations(page);

  // Levels, under the settings lock (put back afterwards), from none (the demo brand has three): two levels
  // saved, then a wrong threshold refused.
  await withSettings(
    (s) => ({ ...s, levels: [] }),
    async () => {
      await page.reload();
      const settings = page.getByRole('form', { name: 'Начисления и уровни' });
      await settings.getByRole('button', { name: 'Добавить уровень' }).click();
      await settings.getByLabel('Название уровня 1').fill('Базовый');
      await settings.getByRole('button', { name: 'Добавить уровень' }).click();
      await settings.getByLabel('Название уровня 2').fill('Серебряный');
      await settings.getByLabel('Порог уровня 2, ₽').fill('1000000');
      await settings.getByLabel('Ставка уровня 2, %').fill('4');
      await settings.getByRole('button', { name: 'Сохранить' }).click();
      await expect(settings.getByRole('status')).toHaveText('Настройки программы сохранены');
      await page.reload();
      await expect(settings.getByLabel('Название уровня 2')).toHaveValue('Серебряный');
      await expect(settings.getByLabel('Порог уровня 2, ₽')).toHaveValue('1000000');
      await expect(settings.getByLabel('Ставка уровня 1, %')).toHaveValue('0');

      // Late receipts (decision 061): at most 30 days, said under the field.
      const late = settings.getByLabel(/^Чеки задним числом/);
      await expect(late).toHaveValue('3');
      await late.fill('31');
      await settings.getByRole('button', { name: 'Сохранить' }).click();
      await expect(settings.getByRole('alert')).toHaveText('Исправьте отмеченные поля');
      await expect(settings.getByText('Не больше 30 дней')).toBeVisible();
      await late.fill('5');
      await settings.getByRole('button', { name: 'Сохранить' }).click();
      await expect(settings.getByRole('status')).toHaveText('Настройки программы сохранены');
      await page.reload();
      await expect(late).toHaveValue('5');

      await settings.getByLabel('Порог уровня 2, ₽').fill('0');
      await settings.getByRole('button', { name: 'Сохранить' }).click();
      await expect(settings.getByRole('alert')).toHaveText('Исправьте отмеченные поля');
      await expect(settings.getByText('Пороги уровней — по возрастанию')).toBeVisible();
      await shot(page, 'programme-1440');
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 768, height: 1024 });
      await shot(page, 'programme-768');
      await expectNoAxeViolations(page);
      await page.reload();
      await expect(settings.getByLabel('Порог уровня 2, ₽')).toHaveValue('1000000');
    },
  );

  // Deleted, after a second question.
  const after = page
    .getByRole('region', { name: 'Идут сейчас', exact: true })
    .getByRole('row')
    .filter({ hasText: TITLE });
  await after.getByRole('button', { name: 'Удалить' }).click();
  await after.getByRole('group').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('status')).toHaveText(`Бонусная кампания «${TITLE}» удалена`);
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toHaveCount(0);
});

test('the viewer reads the programme: no campaign buttons, settings shown but not editable, the preview works', async ({
  page,
}) => {
  await staffInConsole(page, 'viewer');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Программа' })
    .click();
  await expect(page.getByText('Вашей роли доступен только просмотр.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Идут сейчас', exact: true })).toContainText(
    'Двойные бонусы на выпечку по выходным',
  );
  await expect(page.getByRole('button', { name: 'Новая бонусная кампания' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Изменить' })).toHaveCount(0);
  const settings = page.getByRole('form', { name: 'Начисления и уровни' });
  await expect(settings.getByLabel('Бонусы за регистрацию карты')).toBeDisabled();
  await expect(settings.getByRole('button')).toHaveCount(0);

  // The bakery's 7 % doubled on Saturday by the demo's weekend campaign.
  const preview = page.getByRole('form', { name: 'Проверка начисления' });
  await preview.getByLabel('Точка').selectOption({ label: 'Пекарня «Берёзка» на Кремлёвской' });
  await preview.getByLabel(/^Дата и время/).fill('28.11.2026 12:00');
  await preview.getByRole('button', { name: 'Рассчитать' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Начислится' });
  await expect(answer).toContainText('Начислится бонусов: 140');
  await expect(answer).toContainText('Бонусная кампания: Двойные бонусы на выпечку по выходным');
  await expectNoAxeViolations(page);
});

test('the marketer limits a campaign to some goods: an unknown category is named, the list says which goods (decision 062)', async ({
  page,
}) => {
  // A console login with its authenticator, two saves, an axe check and two screenshots: past 30 s on a busy
  // 2-core machine, as the run of 29 Nov showed (the row was being refetched when the time ran out).
  test.setTimeout(90_000);
  const title = `Пюре и каши ${Date.now().toString(36)}`;
  await staffInConsole(page, 'marketer');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Программа' })
    .click();
  await page.getByRole('button', { name: 'Новая бонусная кампания' }).click();
  const form = page.getByRole('form', { name: 'Новая бонусная кампания' });
  await form.getByLabel('Название', { exact: true }).fill(title);
  await form.getByLabel('Первый день').fill('01.11.2026');
  // Switched off: the journeys beside it buy no baby food, and it must not change their bonuses either way.
  await form.getByLabel('Включена').uncheck();
  const goods = form.getByRole('group', { name: 'Товары (пусто: весь чек)' });
  await goods.getByLabel('Категории').fill('baby, babby');
  await goods.getByLabel('Этих товаров не меньше, шт. или кг').fill('2');
  await form.getByRole('button', { name: 'Сохранить кампанию' }).click();
  await expect(goods.getByLabel('Категории')).toHaveAccessibleDescription(/В каталоге нет категорий: babby/);
  await goods.getByLabel('Категории').fill('baby');
  await goods.getByLabel('Кроме артикулов').fill('60001');
  await expectNoAxeViolations(page);
  await goods.screenshot({ path: test.info().outputPath('goods-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await goods.screenshot({ path: test.info().outputPath('goods-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await form.getByRole('button', { name: 'Сохранить кампанию' }).click();
  await expect(page.getByRole('status')).toHaveText(`Бонусная кампания «${title}» сохранена`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Товары: категории baby; кроме артикулов 60001; от 2 шт. или кг');
  await row.getByRole('button', { name: 'Удалить' }).click();
  await row.getByRole('group').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
