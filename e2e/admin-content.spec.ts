import { expect, test, type Page } from '@playwright/test';
import { MARKETER_SECTIONS, staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';

// Settings, news, points and pictures are the deployment's own state: the journey runs on the mutable server,
// and puts back what it changed (the colour) or removes what it added (the news item, the point).
test.use({ baseURL: E2E.mutableUrl });

/** A 2×2 PNG, as a file the operator picks. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGPQqzXSqzVigFAAGCoDdb7KzhgAAAAASUVORK5CYII=',
  'base64',
);

const shots = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/admin-content-${name}.png`, fullPage: true });

async function setColour(page: Page, value: string) {
  const field = page.getByRole('textbox', { name: 'Основной цвет', exact: true });
  await field.fill(value);
}

test('the marketer changes a colour, adds news, places a point on the map and uploads a picture', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await staffInConsole(page, 'marketer');

  const nav = page.getByRole('navigation', { name: 'Разделы консоли' });
  await expect(nav.getByRole('link')).toHaveText(MARKETER_SECTIONS);

  // Settings: the preview follows the form before anything is saved.
  await nav.getByRole('link', { name: 'Настройки и бренд' }).click();
  await expect(page.getByRole('heading', { name: 'Настройки и бренд', level: 1 })).toBeVisible();
  const header = page.getByTestId('preview-header');
  await expect(header).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await setColour(page, '#6A1B9A');
  await expect(header).toHaveCSS('background-color', 'rgb(106, 27, 154)');
  const titleField = page.getByRole('textbox', { name: 'Название программы' });
  const brandTitle = await titleField.inputValue();
  await titleField.fill('');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  // The API's schema refuses the empty title and the form names the field.
  await expect(page.getByRole('alert')).toHaveText('Проверьте отмеченные поля');
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await titleField.fill(brandTitle);
  await expectNoAxeViolations(page);
  await shots(page, 'settings-1440');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');
  expect(((await (await request.get('/api/header')).json()) as { colorPrimary: string }).colorPrimary).toBe(
    '#6A1B9A',
  );
  await setColour(page, '#2E7D32');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');

  // News: added in the console, on the site at once.
  const title = `Новость из консоли ${Date.now().toString(36)}`;
  await nav.getByRole('link', { name: 'Содержание сайта' }).click();
  await expect(page.getByRole('heading', { name: 'Новости', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить новость' }).click();
  const newsForm = page.getByRole('form', { name: 'Добавить новость' });
  await newsForm.getByLabel('Заголовок').fill(title);
  await newsForm.getByLabel('Анонс').fill('Коротко о главном');
  await newsForm.getByLabel('Текст').fill('Полный текст новости из консоли');
  // The date as dd.mm.yyyy HH:MM on the brand's clock (decision 054), whatever the browser's locale.
  const now = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date());
  const when = newsForm.getByLabel('Дата и время');
  await expect(when).toHaveValue(new RegExp(`^${now.replaceAll('.', '\\.')} \\d{2}:\\d{2}$`));
  const shown = await when.inputValue();
  // The picture is ticked among the uploaded ones, each with its thumbnail, not typed as a file name.
  const pictures = newsForm.getByRole('group', { name: /^Картинки новости/ });
  await expect(pictures.getByRole('checkbox')).not.toHaveCount(0);
  await pictures.getByRole('checkbox', { name: 'news-2.webp' }).check();
  await expect(pictures.locator('img.content-thumb').first()).toBeVisible();
  await expectNoAxeViolations(page);
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await newsForm.screenshot({ path: `test-results/admin-content-news-form-${width}.png` });
  }
  await newsForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(shown.replace(' ', ' в '));
  const stored = (await (
    await request.get('/api/operator/news', { headers: { authorization: `Bearer ${E2E.operatorToken}` } })
  ).json()) as { title: string; images: string[] }[];
  expect(stored.find((n) => n.title === title)?.images).toEqual(['news-2.webp']);
  const site = await page.context().newPage();
  await site.goto('/news');
  await expect(site.getByText(title)).toBeVisible();
  await site.close();

  // The site's «Акции» pages are named apart from the programme's bonus campaigns (decision 054).
  await page
    .getByRole('navigation', { name: 'Разделы содержания' })
    .getByRole('link', { name: 'Акции на сайте' })
    .click();
  await expect(page.getByRole('heading', { name: 'Акции на сайте', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить акцию на сайт' }).click();
  const actionForm = page.getByRole('form', { name: 'Добавить акцию на сайт' });
  await actionForm.getByLabel('Действует с').fill('31.02.2026');
  await expect(actionForm.getByText('Дата в виде дд.мм.гггг')).toBeVisible();
  await actionForm.getByRole('button', { name: 'Отмена' }).click();

  // Points: a new point placed by a click on the map, which opens over the brand's points (Kazan), not Moscow.
  await page
    .getByRole('navigation', { name: 'Разделы содержания' })
    .getByRole('link', { name: 'Точки' })
    .click();
  await page.getByRole('button', { name: 'Добавить точку' }).click();
  const pointForm = page.getByRole('form', { name: 'Добавить точку' });
  const pointTitle = `Точка из консоли ${Date.now().toString(36)}`;
  await pointForm.getByLabel('Название').fill(pointTitle);
  await pointForm.getByLabel('Категория').fill('Магазин');
  await pointForm.getByLabel('Город').fill('Москва');
  const map = page.getByTestId('point-map');
  await expect(map.locator('.leaflet-container, .leaflet-pane').first()).toBeAttached();
  await map.click({ position: { x: 200, y: 120 } });
  await expect(pointForm.getByLabel('Широта')).not.toHaveValue('');
  await expect(pointForm.getByLabel('Долгота')).not.toHaveValue('');
  await expect(map.locator('.map-marker')).toHaveCount(1);
  const latitude = Number(await pointForm.getByLabel('Широта').inputValue());
  const longitude = Number(await pointForm.getByLabel('Долгота').inputValue());
  expect(latitude).toBeGreaterThan(55.6);
  expect(latitude).toBeLessThan(56);
  expect(longitude).toBeGreaterThan(48.8);
  expect(longitude).toBeLessThan(49.5);
  await expectNoAxeViolations(page);
  await shots(page, 'points-1440');
  await pointForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');
  const points = (await (await request.get('/api/points')).json()) as {
    points: { id: number; title: string; address: { latitude: number; longitude: number } }[];
  };
  const placed = points.points.find((p) => p.title === pointTitle)!;
  expect(placed.address).toMatchObject({ latitude, longitude });

  // Pictures: a file picked, stored, served.
  await page
    .getByRole('navigation', { name: 'Разделы содержания' })
    .getByRole('link', { name: 'Картинки' })
    .click();
  const name = `console-${Date.now().toString(36)}.png`;
  await page.getByLabel('Файл (PNG, JPEG, WebP, GIF или SVG до 2 МБ)').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByLabel('Имя картинки (латиница, цифры, точка, - и _)')).toHaveValue(name);
  await page.getByRole('button', { name: 'Загрузить картинку' }).click();
  await expect(page.getByRole('status')).toHaveText(`Картинка ${name} загружена`);
  await expect(page.getByRole('img', { name })).toBeVisible();
  const served = await request.get(`/api/proxy/pictures/${name}`);
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
  await shots(page, 'pictures-768');
  await page
    .getByRole('navigation', { name: 'Разделы содержания' })
    .getByRole('link', { name: 'Страницы' })
    .click();
  await expect(page.getByRole('form', { name: 'Правила' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'pages-768');

  // What the journey added goes again (the deletions are audited like the rest).
  page.on('dialog', (dialog) => void dialog.accept());
  await page
    .getByRole('navigation', { name: 'Разделы содержания' })
    .getByRole('link', { name: 'Точки' })
    .click();
  await page.getByRole('button', { name: `Удалить: ${pointTitle}` }).click();
  await expect(page.getByRole('cell', { name: pointTitle, exact: true })).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Разделы содержания' })
    .getByRole('link', { name: 'Новости' })
    .click();
  await page.getByRole('button', { name: `Удалить: ${title}` }).click();
  await expect(page.getByRole('cell', { name: title, exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await nav.getByRole('link', { name: 'Настройки и бренд' }).click();
  await expectNoAxeViolations(page);
  await shots(page, 'settings-768');
});

test('the viewer reads the content screens but has no buttons to change them', async ({ page }) => {
  await staffInConsole(page, 'viewer');
  await page.goto('/admin/content?tab=faq');
  await expect(page.getByRole('heading', { name: 'Вопросы и ответы', level: 2 })).toBeVisible();
  await expect(page.getByText('Только просмотр')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить вопрос' })).toHaveCount(0);
  await page.goto('/admin/settings');
  await expect(page.getByRole('textbox', { name: 'Основной цвет', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
});
