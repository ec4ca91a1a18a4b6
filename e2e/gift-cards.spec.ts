import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open, reload } from './support/navigation';
import { issueTillKey } from './support/operator';
import { logInToTill, openTillDevice } from './support/till';
import { payOnSandboxCard } from './support/sandbox-bank';

// Buying moves money and sends SMS, so these journeys run on the mutable server (the delayed one on the
// server whose clock can move).
test.use({ baseURL: E2E.mutableUrl });

const NBSP = '\u00a0';
const WIDTHS = [375, 1440];

interface Sms {
  phone: string;
  text: string;
  sentAt: string;
}

async function smsTo(request: APIRequestContext, phone: string): Promise<Sms[]> {
  const response = await request.get(`/api/dev/outbox?phone=${phone}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Sms[];
}

/** Pays on the sandbox acquirer's hosted card page (docs/design/product.md "Payments"). */
async function axeAtBothWidths(page: Page) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The form with one recipient filled in; the nominal from a preset. */
async function fillForm(page: Page, recipient: string, congratulation: string) {
  await page.getByRole('button', { name: `1${NBSP}000${NBSP}₽` }).click();
  await page.getByLabel('E-mail для чека').fill(`buyer-${recipient}@example.ru`);
  await page.getByLabel('Телефон получателя').fill(recipient.slice(1));
  await page.getByLabel('Имя получателя').fill('Мария');
  await page.getByLabel('Поздравление').fill(congratulation);
}

test('every gift-card form message appears as the spec says', async ({ page }) => {
  await open(page, '/gc/sale');
  await expect(page.getByRole('heading', { name: 'Подарочные карты', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  // Nominal, e-mail, the recipient's phone and the congratulation are required.
  await expect(page.getByText('Обязательное поле')).toHaveCount(4);
  await expect(page.getByText('Проверьте поля, отмеченные выше.')).toBeVisible();
  await expect(page.getByLabel('Номинал, ₽')).toBeFocused();

  await page.getByLabel('Номинал, ₽').fill('1O00');
  await expect(page.getByText('Только цифры')).toBeVisible();
  await page.getByLabel('Телефон получателя').fill('900123');
  await expect(page.getByLabel('Телефон получателя')).toHaveValue('+7 (900) 123');
  await expect(page.getByText('Введены не все символы')).toBeVisible();
  await page.getByLabel('E-mail для чека').fill('buyer@example');
  await expect(page.getByText('Неверный формат почты')).toBeVisible();
  await page.getByLabel('Поздравление').fill('x'.repeat(501));
  await expect(page.getByText('Слишком много символов')).toBeVisible();
  await axeAtBothWidths(page);

  // Fixed, the form leaves the messages behind and the server prices the order.
  await page.getByLabel('Номинал, ₽').fill('1500');
  await page.getByLabel('Телефон получателя').fill('9001234567');
  await page.getByLabel('E-mail для чека').fill('buyer@example.ru');
  await page.getByLabel('Поздравление').fill('С праздником!');
  await expect(page.locator('.field__error:visible').filter({ hasText: /./ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  const bill = page.getByTestId('gc-bill');
  await expect(bill).toContainText(`Карты: 1 × 1${NBSP}500${NBSP}₽`);
  await expect(bill).toContainText(`SMS-доставка2${NBSP}₽`);
  await expect(bill).toContainText(`Итого к оплате1${NBSP}502${NBSP}₽`);
});

test('a visitor buys a card for one recipient, pays by card, and the recipient opens it with the last digits', async ({
  page,
  request,
  browser,
}) => {
  test.slow(); // a purchase, the SMS, the card's page at two widths and the till: about 20 s alone
  const recipient = freshPhone();
  await open(page, '/gc/sale');
  await fillForm(page, recipient, 'С днём рождения!\nПусть всё получится.');
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page.getByRole('heading', { name: 'Ваш заказ' })).toBeFocused();
  await expect(page.getByTestId('gc-bill')).toContainText(`Итого к оплате1${NBSP}002${NBSP}₽`);
  await expect(page.getByText('Отправим сразу после оплаты')).toBeVisible();
  await axeAtBothWidths(page);

  await page.getByRole('button', { name: `Оплатить 1${NBSP}002${NBSP}₽` }).click();
  await payOnSandboxCard(page);
  await expect(page).toHaveURL(/\/gc\/result\?d=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Подарочная карта оформлена', level: 1 })).toBeVisible();
  await expect(page.getByText(`Номинал карты: 1${NBSP}000${NBSP}₽`)).toBeVisible();
  await expect(page.getByText('+7 (955)')).toBeVisible();
  await axeAtBothWidths(page);

  // The SMS leaves once, with the link to the card's page.
  await expect.poll(async () => (await smsTo(request, recipient)).length, { timeout: 10_000 }).toBe(1);
  const [sms] = await smsTo(request, recipient);
  const link = /http\S+\/gc\/[A-Za-z0-9_-]{22}/.exec(sms!.text)?.[0];
  expect(link).toBeTruthy();
  await page.reload();
  await expect(page.getByText(/SMS отправлено/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Открыть карту' })).toHaveAttribute('href', link!);

  // The card's page: its first HTML carries the link preview, never the code.
  const cardPath = new URL(link!).pathname;
  const html = await (await request.get(cardPath)).text();
  expect(html).toContain('<meta property="og:title" content="Подарочная карта «Берёзка»"');
  expect(html).toMatch(/<meta property="og:description" content="Вам подарили карту «Берёзка» на 1.000 ₽/);
  expect(html).toContain('<meta property="og:image" content="');

  const recipientContext = await browser.newContext({ baseURL: E2E.mutableUrl, locale: 'ru-RU' });
  const recipientPage = await recipientContext.newPage();
  await open(recipientPage, cardPath);
  await expect(recipientPage.getByRole('heading', { name: 'Подарочная карта «Берёзка»' })).toBeVisible();
  await expect(recipientPage.getByText('Пусть всё получится.')).toBeVisible();
  await expect(recipientPage.getByTestId('gc-balance')).toHaveText(`1${NBSP}000${NBSP}₽`);
  await expect(recipientPage.locator('.site-footer')).toHaveCount(0);
  const digits = recipientPage.getByLabel('Последние 4 цифры телефона');
  await digits.fill('12');
  await recipientPage.getByRole('button', { name: 'Показать код' }).click();
  await expect(recipientPage.getByText('Введите 4 цифры')).toBeVisible();
  const wrong = recipient.endsWith('0000') ? '1111' : '0000';
  await digits.fill(wrong);
  await recipientPage.getByRole('button', { name: 'Показать код' }).click();
  await expect(recipientPage.getByText('Карта не найдена или цифры не совпадают')).toBeVisible();
  await axeAtBothWidths(recipientPage);
  await digits.fill(recipient.slice(-4));
  await recipientPage.getByRole('button', { name: 'Показать код' }).click();
  await expect(recipientPage.getByTestId('gc-code')).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(recipientPage.getByRole('img', { name: 'QR-код подарочной карты для кассы' })).toBeVisible();
  await axeAtBothWidths(recipientPage);
  const code = (await recipientPage.getByTestId('gc-code').textContent())!;

  // At the shop's till the card pays 250 ₽ of a purchase; the card's page then shows what is left.
  const { till, close: closeTill } = await openTillDevice(browser);
  await logInToTill(till, await issueTillKey(1));
  await till.getByLabel('Код подарочной карты').fill(code);
  await till.getByLabel('Оплатить картой, ₽').fill('250');
  await till.getByRole('button', { name: 'Оплатить подарочной картой' }).click();
  await expect(till.getByRole('status')).toHaveText(/Оплачено подарочной картой: 250,00\s₽/);
  await expect(till.getByText(/осталось 750,00\s₽/)).toBeVisible();
  await expectNoAxeViolations(till);
  await closeTill();
  await recipientPage.reload();
  await expect(recipientPage.getByTestId('gc-balance')).toHaveText(`750${NBSP}₽`);
  await recipientContext.close();

  // An unknown card is the site's 404.
  const unknown = await request.get('/gc/AAAAAAAAAAAAAAAAAAAAAA');
  expect(unknown.status()).toBe(404);
});

test.describe('on the server whose clock moves', () => {
  test.use({ baseURL: E2E.clockUrl });

  test('three recipients with a later sending date get their SMS at that time, not before', async ({
    page,
    request,
  }) => {
    test.slow();
    const phones = [
      freshPhone(),
      `7956${String(Date.now()).slice(-7)}`,
      `7957${String(Date.now()).slice(-7)}`,
    ];
    await open(page, '/gc/sale');
    await fillForm(page, phones[0]!, 'Поздравляем с Новым годом!');

    // Two more through the recipients popup: one typed, one from a file.
    await page.getByRole('button', { name: 'Добавить получателей' }).click();
    const popup = page.getByRole('dialog', { name: 'Получатели' });
    await expect(popup.getByText('Каждый получатель получит свою карту на номинал заказа.')).toBeVisible();
    await popup.getByRole('button', { name: 'Добавить получателя' }).click();
    await popup.getByLabel('Получатель 2: телефон').fill(phones[1]!.slice(1));
    await popup.getByLabel('Получатель 2: имя получателя').fill('Пётр');
    await axeAtBothWidths(page);
    await popup.getByRole('button', { name: 'Загрузить из файла' }).click();
    const filePopup = page.getByRole('dialog', { name: 'Получатели из файла' });
    await filePopup.getByLabel('Выберите файл').setInputFiles({
      name: 'recipients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Телефон;Имя\n+${phones[2]};Анна\n`, 'utf8'),
    });
    await expect(filePopup.getByText('Добавлено получателей: 1')).toBeVisible();
    await expect(filePopup.getByText('Строки без телефона пропущены: 1')).toBeVisible();
    await filePopup.getByRole('button', { name: 'Готово' }).click();
    await expect(popup.getByLabel('Получатель 3: телефон')).toHaveValue(/^\+7 \(957\)/);
    await popup.getByRole('button', { name: 'Готово' }).click();
    await expect(page.getByText('Ещё получателей: 2')).toBeVisible();

    // Two hours from now, in the browser's own time.
    await page.getByLabel('В выбранное время').check();
    const later = await page.evaluate(() => {
      const at = new Date(Date.now() + 2 * 3_600_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await page.getByLabel('Дата и время отправки').fill(later);
    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect(page.getByTestId('gc-bill')).toContainText(`Карты: 3 × 1${NBSP}000${NBSP}₽`);
    await expect(page.getByTestId('gc-bill')).toContainText(`Итого к оплате3${NBSP}006${NBSP}₽`);
    await expect(page.getByText(/^Отправим \d\d\.\d\d\.\d{4} в \d\d:\d\d$/)).toBeVisible();
    await page.getByRole('button', { name: `Оплатить 3${NBSP}006${NBSP}₽` }).click();
    await payOnSandboxCard(page);
    await expect(page).toHaveURL(/\/gc\/result\?d=/);
    await expect(page.getByText(/^SMS отправим \d\d\.\d\d\.\d{4} в \d\d:\d\d$/)).toHaveCount(3);

    // Nothing leaves before the sending date (the job looks every 300 ms).
    await page.waitForTimeout(1_500);
    for (const phone of phones) expect(await smsTo(request, phone)).toHaveLength(0);

    // Three hours later by the server's clock, each recipient gets exactly one SMS.
    const moved = await request.post('/api/dev/clock', { data: { advanceMinutes: 180 } });
    expect(moved.ok()).toBe(true);
    for (const phone of phones) {
      await expect.poll(async () => (await smsTo(request, phone)).length, { timeout: 10_000 }).toBe(1);
    }
    await page.waitForTimeout(1_000);
    for (const phone of phones) expect(await smsTo(request, phone)).toHaveLength(1);
    const [annaSms] = await smsTo(request, phones[2]!);
    expect(annaSms!.text).toMatch(
      /^Анна, вам подарочная карта «Берёзка» на 1\u00a0000\u00a0₽: http\S+\/gc\/\S{22}$/,
    );
    // The result page no longer says the SMS is coming once it has gone.
    await reload(page);
    await expect(page.getByText(/^SMS отправлено /)).toHaveCount(3);
    await expect(page.getByText(/^SMS отправим/)).toHaveCount(0);
  });
});

test('a company buys cards by invoice, downloads the PDF, the operator marks it paid and the cards go out', async ({
  page,
  request,
}) => {
  test.slow();
  const recipient = freshPhone();
  const email = `buh-${recipient}@example.ru`;
  await open(page, '/gc/sale');
  await page.getByRole('link', { name: 'Купить по счёту для компании' }).click();
  await expect(page.getByRole('heading', { name: 'Подарочные карты для компаний', level: 1 })).toBeVisible();

  // The company's details are checked by the spec's rules (inn 9-12 digits, kpp and bic 9, accounts 20).
  await page.getByRole('button', { name: 'Проверить и выставить счёт' }).click();
  await expect(page.getByLabel('Название организации')).toBeFocused();
  await page.getByLabel('ИНН').fill('77012');
  await page.getByLabel('КПП').fill('77010100A');
  await page.getByLabel('Расчётный счёт').fill('407028109380000123456');
  await page.getByLabel('БИК банка').fill('0445');
  const company = page.getByRole('group', { name: 'Реквизиты компании' });
  await expect(company.getByText('Введены не все символы')).toHaveCount(2);
  await expect(company.getByText('Только цифры')).toHaveCount(1);
  await expect(company.getByText('Слишком много символов')).toHaveCount(1);
  await axeAtBothWidths(page);

  await page.getByLabel('Название организации').fill('ООО «Ромашка»');
  await page.getByLabel('ИНН').fill('7701234567');
  await page.getByLabel('КПП').fill('770101001');
  await page.getByRole('textbox', { name: 'Банк', exact: true }).fill('ПАО Сбербанк');
  await page.getByLabel('БИК банка').fill('044525225');
  await page.getByLabel('Расчётный счёт').fill('40702810938000012345');
  await page.getByLabel('Корреспондентский счёт').fill('30101810400000000225');
  await page.getByLabel('Телефон компании').fill('9005550399');
  await page.getByRole('button', { name: `3${NBSP}000${NBSP}₽` }).click();
  await page.getByLabel('E-mail для счёта').fill(email);
  await page.getByLabel('Телефон получателя').fill(recipient.slice(1));
  await page.getByLabel('Поздравление').fill('Спасибо за работу!');
  await page.getByRole('button', { name: 'Проверить и выставить счёт' }).click();

  await expect(page).toHaveURL(/\/gc\/Entity\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Проверьте данные компании', level: 1 })).toBeVisible();
  await expect(page.getByText('ООО «Ромашка»')).toBeVisible();
  await expect(page.getByText(`1 × 3${NBSP}000${NBSP}₽`)).toBeVisible();
  await axeAtBothWidths(page);
  // Back to the form keeps what was typed.
  await page.getByRole('link', { name: 'Изменить' }).click();
  await expect(page.getByLabel('ИНН')).toHaveValue('7701234567');
  await page.getByRole('button', { name: 'Проверить и выставить счёт' }).click();
  await page.getByRole('button', { name: 'Выставить счёт' }).click();

  await expect(page).toHaveURL(/\/gc\/Entity\/result\?i=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Счёт выставлен', level: 1 })).toBeVisible();
  const number = Number((await page.getByTestId('invoice-number').textContent())!.replace(/\D/g, ''));
  expect(number).toBeGreaterThan(1000);
  await expect(page.getByTestId('gc-bill')).toContainText(`Итого к оплате3${NBSP}002${NBSP}₽`);
  await expect(page.getByText(`Счёт отправлен на ${email}.`)).toBeVisible();
  await axeAtBothWidths(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать счёт (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const mail = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Array<{
    subject: string;
    text: string;
  }>;
  expect(mail).toHaveLength(1);
  expect(mail[0]!.subject).toBe(`Счёт № ${number} на подарочные карты «Берёзка»`);
  const pdfLink = /http\S+\/pdf\?k=\S+/.exec(mail[0]!.text)![0];
  const pdf = await request.get(pdfLink);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Nothing goes out before the money arrives; the operator's tool marks the invoice paid.
  expect(await smsTo(request, recipient)).toHaveLength(0);
  const output = execFileSync(
    'node_modules/.bin/tsx',
    [
      'server/cli/operator.ts',
      'gift-invoice',
      'paid',
      String(number),
      '--payment',
      '512',
      '--date',
      new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' }),
    ],
    {
      env: { ...process.env, KOPILKA_URL: E2E.mutableUrl, OPERATOR_TOKEN: E2E.operatorToken },
      encoding: 'utf8',
    },
  );
  expect(output).toContain(`№ ${number}  paid`);
  await expect.poll(async () => (await smsTo(request, recipient)).length, { timeout: 10_000 }).toBe(1);
  await page.reload();
  await expect(page.getByText('Оплата получена, карты выпущены.')).toBeVisible();
});
