import { expect, test } from '@playwright/test';
import { staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';

// Loading goods changes the deployment's catalogue: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

/** A CSV file as Excel saves "CSV UTF-8": its BOM, ';', CRLF; SKUs of this run only. */
function catalogueFile(run: string) {
  const lines = [
    'Артикул;Наименование;Категория;Штрихкоды;НДС;Не начислять;Не списывать;Группа',
    `E2E-${run}-1;Ватрушка с творогом ${run};bakery;2${run.padStart(11, '0')}1;10%;нет;нет;`,
    `E2E-${run}-2;"Сидр ""Яблочный"" ${run}";alcohol;;22%;;;алкоголь`,
  ];
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

test('the owner loads goods from a CSV file, finds one, edits it and sees the change; a bad file changes nothing', async ({
  page,
}) => {
  const run = String(Date.now() % 1_000_000_000);
  await staffInConsole(page, 'owner');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Каталог' })
    .click();
  await expect(page.getByRole('heading', { name: 'Каталог товаров', level: 1 })).toBeVisible();
  // The demo brand's tree, with the group its tobacco category carries.
  const tree = page.getByRole('table', { name: 'Категории' });
  await expect(tree.getByRole('row', { name: /Табак/ })).toContainText('табак');

  const upload = page.getByRole('form', { name: 'Загрузка из файла' });
  // A shelf of this run's own first (a categories file: Код, no Артикул), so the demo's tree stays as it is.
  const shelf = Buffer.from(`Код;Родитель;Наименование\r\nE2E-${run};shop;Полка ${run}\r\n`, 'utf8');
  await upload
    .getByLabel('Файл CSV')
    .setInputFiles({ name: 'категории.csv', mimeType: 'text/csv', buffer: shelf });
  await upload.getByRole('button', { name: 'Загрузить' }).click();
  await expect(page.getByText('Категории загружены: новых 1, изменено 0, без изменений 0.')).toBeVisible();
  const shelfRow = page.getByTestId(`catalogue-category-E2E-${run}`);
  await shelfRow.getByRole('button', { name: `Изменить E2E-${run}` }).click();
  const shelfForm = page.getByRole('form', { name: `Категория E2E-${run}` });
  await shelfForm.getByLabel('Не списывать бонусы').check();
  await shelfForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(`Категория «Полка ${run}» сохранена`)).toBeVisible();
  await expect(shelfRow).toContainText('не списываются');

  await upload
    .getByLabel('Файл CSV')
    .setInputFiles({ name: 'товары.csv', mimeType: 'text/csv', buffer: catalogueFile(run) });
  await upload.getByRole('button', { name: 'Загрузить' }).click();
  await expect(page.getByText('Товары загружены: новых 2, изменено 0, без изменений 0.')).toBeVisible();

  // A file with a bad row: the rows are listed, nothing is loaded.
  const bad = Buffer.from(`sku;name;vat\nE2E-${run}-3;Кекс;18%\n`, 'utf8');
  await upload
    .getByLabel('Файл CSV')
    .setInputFiles({ name: 'плохой.csv', mimeType: 'text/csv', buffer: bad });
  await upload.getByRole('button', { name: 'Загрузить' }).click();
  await expect(page.getByRole('region', { name: 'Загрузка из файла' }).getByRole('alert')).toContainText(
    'Строка 2: НДС «18%»',
  );

  const search = page.getByRole('search');
  await search.getByLabel('Артикул, штрихкод или часть названия').fill(`ватрушка с творогом ${run}`);
  await search.getByRole('button', { name: 'Найти' }).click();
  const row = page.getByTestId(`catalogue-item-E2E-${run}-1`);
  await expect(row).toContainText(`Ватрушка с творогом ${run}`);
  await expect(row).toContainText('Пекарня');
  await expect(page.getByText('Найдено: 1')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Изменить E2E-${run}-1` }).click();
  const form = page.getByRole('form', { name: `Товар E2E-${run}-1` });
  await form.getByLabel('Наименование').fill(`Ватрушка большая ${run}`);
  await form.getByLabel('Не начислять бонусы').check();
  await form.getByLabel('НДС').selectOption('VAT22');
  await form.getByLabel('Цена на полке, ₽').fill('54,90');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(`Товар E2E-${run}-1 сохранён`)).toBeVisible();

  // The change is what the search finds now, by its barcode too.
  await search.getByLabel('Артикул, штрихкод или часть названия').fill(`2${run.padStart(11, '0')}1`);
  await search.getByRole('button', { name: 'Найти' }).click();
  await expect(row).toContainText(`Ватрушка большая ${run}`);
  await expect(row).toContainText('не начисляются');
  await expect(row).toContainText('22%');
  await expect(row).toContainText('54,90\u00a0₽');
  await page.screenshot({ path: test.info().outputPath('catalogue-desktop.png'), fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('catalogue-phone.png'), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await search.getByLabel('Артикул, штрихкод или часть названия').fill(`E2E-${run}-3`);
  await search.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
});
