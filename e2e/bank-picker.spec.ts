import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { open } from './support/navigation';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

const HEADING = 'Подтвердите оплату в Вашем банковском приложение';
const LINK_REST =
  'qr.nspk.ru/AS10003P3RH0LJ2A9ROO038L6NT5RU1M?type=01&bank=000000000001&sum=0&cur=RUB&crc=C08B';

async function openSheet(page: Page) {
  await open(page, '/ui');
  await page.getByRole('button', { name: 'Оплатить через СБП' }).click();
  const sheet = page.getByRole('dialog', { name: HEADING });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** App links lead nowhere in a test browser: keep the tap (and the app's handler) but not the navigation. */
async function stayOnPage(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener('click', (event) => {
      if ((event.target as Element).closest?.('.bank-list a')) event.preventDefault();
    });
  });
}

test.describe('on Android', () => {
  test.use({ userAgent: ANDROID, viewport: { width: 375, height: 800 } });

  test('search filters from two characters, an unknown bank says so, Escape closes', async ({ page }) => {
    const sheet = await openSheet(page);
    await expect(sheet.getByRole('heading', { name: 'ВСЕ БАНКИ' })).toBeVisible();
    const banks = sheet.getByRole('region', { name: 'ВСЕ БАНКИ' }).getByRole('link');
    await expect(banks.first()).toBeVisible();
    const total = await banks.count();
    expect(total).toBeGreaterThanOrEqual(100);

    const search = sheet.getByRole('searchbox', { name: 'Поиск' });
    await search.fill('с');
    await expect(banks).toHaveCount(total);
    await search.fill('СБЕР');
    await expect(banks).toHaveCount(1);
    await expect(banks).toHaveAccessibleName('Сбербанк');
    await search.fill('альфа');
    await expect(banks).toHaveCount(1);
    await expect(banks).toHaveAccessibleName('АЛЬФА-БАНК');
    await search.fill('нет такого банка');
    await expect(banks).toHaveCount(0);
    await expect(sheet.getByText('По вашему запросу результатов не найдено')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Оплатить через СБП' })).toBeFocused();
  });

  test('bank links are intents; a chosen bank is listed first the next time', async ({ page }) => {
    await stayOnPage(page);
    let sheet = await openSheet(page);
    await expect(sheet.getByRole('heading', { name: 'ВЫ ВЫБИРАЛИ В ПРОШЛЫЙ РАЗ' })).toHaveCount(0);
    await sheet.getByRole('searchbox', { name: 'Поиск' }).fill('сбер');
    const sber = sheet.getByRole('link', { name: 'Сбербанк' });
    await expect(sber).toHaveAttribute(
      'href',
      `intent://${LINK_REST}#Intent;scheme=bank100000000111;package=ru.sberbankmobile;S.browser_fallback_url=${encodeURIComponent(`https://${LINK_REST}`)};end`,
    );
    // NSPK gives Ozon no Android package: the intent names only the scheme.
    await sheet.getByRole('searchbox', { name: 'Поиск' }).fill('озон');
    await expect(sheet.getByRole('link', { name: 'Озон Банк (Ozon)' })).toHaveAttribute(
      'href',
      /^intent:\/\/qr\.nspk\.ru\/.*#Intent;scheme=bank100000000273;S\.browser_fallback_url=https%3A%2F%2F/,
    );
    await sheet.getByRole('searchbox', { name: 'Поиск' }).fill('сбер');
    await sber.click();
    await expect(page).toHaveURL(/\/ui$/);

    await sheet.getByRole('button', { name: 'Закрыть' }).click();
    sheet = await openSheet(page);
    const recent = sheet.getByRole('region', { name: 'ВЫ ВЫБИРАЛИ В ПРОШЛЫЙ РАЗ' });
    await expect(recent.getByRole('link')).toHaveCount(1);
    await expect(recent.getByRole('link')).toHaveAccessibleName('Сбербанк');
    await expect(sheet.getByRole('heading', { name: 'ВСЕ БАНКИ' })).toBeVisible();
  });
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: IPHONE, viewport: { width: 375, height: 800 } });

  test('bank links replace https with the bank’s scheme', async ({ page }) => {
    const sheet = await openSheet(page);
    await expect(sheet.getByRole('link', { name: 'Сбербанк' })).toHaveAttribute(
      'href',
      `bank100000000111://${LINK_REST}`,
    );
    await expect(sheet.getByRole('link', { name: 'Банк ВТБ' })).toHaveAttribute(
      'href',
      `bank110000000005://${LINK_REST}`,
    );
  });
});

test.describe('on a desktop', () => {
  test('shows the payment link as a QR code instead of the banks', async ({ page }, testInfo) => {
    const sheet = await openSheet(page);
    await expect(sheet.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Открыть ссылку на оплату' })).toHaveAttribute(
      'href',
      `https://${LINK_REST}`,
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('bank-picker-desktop-qr.png') });
  });
});

for (const width of [375, 1440]) {
  test.describe(`the open sheet at ${width} px`, () => {
    test.use({ userAgent: ANDROID, viewport: { width, height: 900 } });

    test('has no WCAG 2.2 AA violations, with and without remembered banks', async ({ page }, testInfo) => {
      // Two axe scans of a sheet of hundreds of banks: past 30 s when the 2-core machine is busy.
      test.setTimeout(60_000);
      await page.addInitScript(() => localStorage.setItem('sbpRememberedBanks', '["Т-Банк","Сбербанк"]'));
      const sheet = await openSheet(page);
      await expect(sheet.getByRole('region', { name: 'ВЫ ВЫБИРАЛИ В ПРОШЛЫЙ РАЗ' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`bank-picker-${width}.png`) });
      await sheet.getByRole('searchbox', { name: 'Поиск' }).fill('zz');
      await expect(sheet.getByText('По вашему запросу результатов не найдено')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`bank-picker-${width}-empty.png`) });
    });
  });
}
