import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentReceipts } from '#server/db/schema/payments';
import { fakeClock } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { loadBreadAndCigarettes, postTillForm } from '#server/test/till-page-kit';
import { issueKey, OPERATOR_TOKEN } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow. */
const NOON = Date.parse('2026-11-30T09:00:00Z');

describe('the reference till page registers a receipt for the payment on the site and shows its QR (decision 069)', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp({ clock: fakeClock(NOON), config: { operatorToken: OPERATOR_TOKEN } });
    await loadBreadAndCigarettes(t, new Date(NOON));
    cookie = `till_key=${(await issueKey(t)).key}`;
  });
  afterEach(() => t.close());

  const post = (fields: Record<string, string>) => postTillForm(t, cookie, '/till/payment-receipt', fields);
  const receiptsCount = async () => (await t.deps.db.select({ n: count() }).from(paymentReceipts))[0]!.n;

  it('offers the form on the scan page; the typed goods become a receipt, the QR and the link name it, until when', async () => {
    const scan = await t.app.inject({ url: '/till', headers: { cookie } });
    expect(scan.body).toContain('<h2 id="site-payment-heading">Оплата на сайте по QR</h2>');
    expect(scan.body).toContain('<button type="submit">Показать QR для оплаты</button>');

    const fields = { items: 'BREAD 2\r\nCIG 1 250', idempotencyKey: 'page-qr-0001' };
    const shown = await post(fields);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).toContain('Чек на 350,00\u00a0₽ готов к оплате на сайте.');
    expect(shown.body).toMatch(
      /<svg class="pay-qr"[^>]*aria-label="QR-код для оплаты чека на сайте"><rect[^>]*\/><path d="M\d/,
    );
    // 30 minutes from 12:00 in the brand's zone.
    expect(shown.body).toContain('Код действует до <strong>12:30</strong>');
    expect(shown.body).toContain('<span>Хлеб «Дарницкий» × 2</span><span class="num">100,00\u00a0₽</span>');
    expect(shown.body).toContain('<span>Сигареты</span><span class="num">250,00\u00a0₽</span>');
    const [stored] = await t.deps.db.select().from(paymentReceipts);
    expect(stored).toMatchObject({ sum: 35_000 });
    expect(stored!.items).toHaveLength(2);
    expect(shown.body).toContain(`/loyalty?p=${stored!.retailPointId}&#38;s=350&#38;r=${stored!.id}`);

    // A double submit of the same form registers nothing more and shows the same receipt.
    const again = await post(fields);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`r=${stored!.id}`);
    expect(await receiptsCount()).toBe(1);
  });

  it('no goods, a line it cannot read, or goods not in the catalogue: the cashier reads why, nothing is registered', async () => {
    for (const [items, text] of [
      ['', 'Введите товары чека: по строке на товар'],
      ['BREAD два', 'Строка 1: штрихкод или артикул, затем количество и цену через пробел'],
      ['BREAD\r\nNOPE 1', 'Строка 2: товара NOPE нет в каталоге'],
    ] as const) {
      const refused = await post({ items, idempotencyKey: 'page-qr-0002' });
      expect(refused.statusCode, items).toBe(400);
      expect(refused.body).toContain(`<p class="notice error" role="alert">${text}</p>`);
      expect(refused.body).toContain('Оплата на сайте по QR');
    }
    expect(await receiptsCount()).toBe(0);
  });

  it('without the till key the key form comes back and nothing is registered', async () => {
    const page = await postTillForm(t, null, '/till/payment-receipt', { items: 'BREAD' });
    expect(page.body).toContain('<h1>Вход в кассу</h1>');
    expect(await receiptsCount()).toBe(0);
  });
});
