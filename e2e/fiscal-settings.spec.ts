import { expect, test } from '@playwright/test';
import { staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { withSettings } from './support/operator';
import { payOnSandboxCard } from './support/sandbox-bank';
import { formatKopecks } from '../common/lib/format';

/*
 * Fiscal receipts by the cloud till (decision 070): the brand switches the mode on, a customer pays on the site,
 * the fake ATOL issues the receipt, the customer sees its signs and the owner sees it in «Фискальные чеки». It
 * changes the mutable server's settings, so it runs with the settings journeys (playwright.config.ts), under the
 * operator lock.
 */
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';
const ruDay = (day: string) => day.split('-').reverse().join('.');
const CLOUD = {
  mode: 'cloud',
  inn: '7707083893',
  taxSystem: 'osn',
  defaultVat: 'VAT20',
  sellerEmail: 'kassa@example.ru',
  paymentAddress: E2E.mutableUrl,
};

test('a site payment gets its 54-FZ receipt, and the owner finds it in «Фискальные чеки»', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await withSettings(
    (s) => ({ ...s, fiscal: CLOUD }),
    async () => {
      await open(page, '/loyalty?p=3&s=700');
      await page.getByRole('button', { name: `Оплатить 700${NBSP}₽` }).click();
      await page
        .getByRole('dialog', { name: 'Подтвердите оплату' })
        .getByRole('button', { name: 'Подтвердить и оплатить' })
        .click();
      await payOnSandboxCard(page);
      await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
      // The receipt is issued by the job within a second or so; the finish page asks again every 10 s by
      // itself until it is (decision 083), with no reload.
      await expect(page.getByRole('link', { name: 'Проверить кассовый чек' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText(/Кассовый чек: ФН \d+, ФД \d+, ФП \d+\./)).toBeVisible();

      await staffInConsole(page, 'owner');
      const nav = page.getByRole('navigation', { name: 'Разделы консоли' });
      await nav.getByRole('link', { name: 'Фискальные чеки', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Фискальные чеки' })).toBeVisible();
      const row = page
        .getByTestId('fiscal-done')
        .filter({ hasText: `700${NBSP}₽` })
        .first();
      await expect(row).toContainText('Приход');
      await expect(row).toContainText('Оплата на сайте');
      await expect(row).toContainText('Пробит');
      await expect(row).toContainText(/ФН \d+, ФД \d+, ФП \d+/);
      await expect(row.getByRole('link', { name: 'Чек в ОФД' })).toBeVisible();
      // An issued receipt has nothing to retry.
      await expect(row.getByRole('button', { name: 'Отправить снова' })).toHaveCount(0);
      await expect(page.getByTestId('fiscal-totals')).toContainText(/Чеков: \d+ на сумму/);
      await expectNoAxeViolations(page);

      const filter = page.getByRole('form', { name: 'Отбор чеков' });
      await filter.getByLabel('Состояние').selectOption({ label: 'Не пробит' });
      await filter.getByRole('button', { name: 'Показать' }).click();
      await expect(page.getByText('Чеков нет')).toBeVisible();
      await filter.getByLabel('С (дд.мм.гггг)').fill('31.02.2026');
      await filter.getByRole('button', { name: 'Показать' }).click();
      await expect(page.getByRole('alert')).toHaveText('Даты: дд.мм.гггг, и «с» не позже «по»');

      // The report's reconciliation (decision 083): today's card money against today's receipts. Other journeys
      // may have paid by card today before the mode was on, so the figures are the API's.
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
      const fiscal = (
        (await (
          await fetch(`${E2E.mutableUrl}/api/operator/reports?from=${day}&to=${day}`, {
            headers: { authorization: `Bearer ${E2E.operatorToken}` },
          })
        ).json()) as {
          fiscal: { total: { difference: number; receipts: { issued: number; pending: number } } };
        }
      ).fiscal.total;
      expect(fiscal.receipts.issued).toBeGreaterThanOrEqual(70_000);
      expect(fiscal.receipts.pending).toBe(0);
      await page.goto(`/admin/reports?from=${day}&to=${day}`);
      const section = page.getByTestId('report-fiscal');
      await expect(
        section.getByRole('heading', { name: 'Сверка с фискальными чеками (54-ФЗ)' }),
      ).toBeVisible();
      await expect(section).toContainText('Чеки пробивает облачная касса.');
      await expect(page.getByTestId('report-fiscal-difference')).toContainText(
        formatKopecks(fiscal.difference),
      );
      await expect(section.getByRole('table', { name: 'Сверка по дням' })).toContainText(ruDay(day));
      await expectNoAxeViolations(page);
      await section.screenshot({ path: test.info().outputPath('report-fiscal-1440.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await section.screenshot({ path: test.info().outputPath('report-fiscal-390.png') });
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
  // Back in the till mode (the default): the site issues no receipt, so the row does not apply.
  await page.reload();
  const section = page.getByTestId('report-fiscal');
  await expect(section).toContainText('Чеки выдаёт касса магазина: сайт чеков не пробивает.');
  await expect(page.getByTestId('report-fiscal-difference')).toContainText('не применяется');
  await page.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: test.info().outputPath('report-fiscal-till-390.png') });
});
