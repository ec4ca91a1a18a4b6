import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogueBarcodes } from '#server/db/schema/catalogue';
import { tillOperations } from '#server/db/schema/till';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { loadBreadAndCigarettes, postTillForm } from '#server/test/till-page-kit';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN } from '#server/test/till-kit';

describe('the reference till page with the goods typed or scanned (issue 29)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let cookie: string;
  let visitUrl: string;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    const updatedAt = clock.now();
    await loadBreadAndCigarettes(t, updatedAt);
    await t.deps.db.insert(catalogueBarcodes).values({ barcode: '4600000000011', sku: 'BREAD' });
    const { key } = await issueKey(t);
    cookie = `till_key=${key}`;
    const card = await cardholder(t, '79006660129', 100);
    const scan = await form('/till/scan', { code: memberCode(card, clock.now().getTime()) });
    visitUrl = scan.headers.location as string;
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const form = (url: string, fields: Record<string, string>) => postTillForm(t, cookie, url, fields);

  it('accrues for the typed goods without a sum: prices from the catalogue, tobacco marked and earning nothing', async () => {
    const page = await t.app.inject({ url: visitUrl, headers: { cookie } });
    expect(page.body).toContain('<label for="items">Товары (необязательно)</label>');
    const accrued = await form(visitUrl, {
      action: 'accrue',
      sum: '',
      items: '4600000000011 2\r\nCIG 1 250',
      idempotencyKey: 'page-receipt-0001',
    });
    expect(accrued.statusCode, accrued.body).toBe(303);
    const shown = await t.app.inject({ url: accrued.headers.location as string, headers: { cookie } });
    expect(shown.body).toContain('Начислено 3\u00a0бонуса');
    expect(shown.body).toContain('<caption>Товары чека</caption>');
    expect(shown.body).toContain('Хлеб «Дарницкий»');
    expect(shown.body).toMatch(/Сигареты <span class="badge badge--off">без бонусов<\/span>/);
    expect(shown.body).toContain('350,00\u00a0₽');
  });

  it('names the line a cashier typed wrong, and does nothing', async () => {
    for (const [items, message] of [
      ['4600000000099 1', 'Строка 1: товара 4600000000099 нет в каталоге'],
      ['BREAD 1\nCIG 1', 'Строка 2: у товара «Сигареты» нет цены, введите её'],
      ['BREAD один', 'Строка 1: штрихкод или артикул, затем количество и цену через пробел'],
    ]) {
      const refused = await form(visitUrl, {
        action: 'accrue',
        sum: '',
        items: items!,
        idempotencyKey: 'page-receipt-0002',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message!);
    }
    expect(await t.deps.db.$count(tillOperations)).toBe(0);
  });

  it('returns some goods from the page: the form under the operation, what moved, a bad quantity named', async () => {
    const accrued = await form(visitUrl, {
      action: 'accrue',
      sum: '',
      items: '4600000000011 2\r\nCIG 1 250',
      idempotencyKey: 'page-receipt-0003',
    });
    const shown = await t.app.inject({ url: accrued.headers.location as string, headers: { cookie } });
    expect(shown.body).toContain('<summary>Вернуть часть товаров</summary>');
    const action = /action="(\/till\/operations\/[0-9a-f-]+\/return)"/.exec(shown.body)![1]!;
    const key =
      /name="idempotencyKey" value="([0-9a-f-]+)"><div class="lines"><table><caption>Сколько вернуть/.exec(
        shown.body.replace(/\n/g, ''),
      )?.[1];
    expect(key).toBeDefined();
    const visitId = visitUrl.split('/').at(-1)!.split('?')[0]!;
    const bad = await form(action, { visitId, idempotencyKey: key!, 'line-1': 'два' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Строка 1: количество — число больше нуля');
    const none = await form(action, { visitId, idempotencyKey: key!, 'line-1': '', 'line-2': '' });
    expect(none.body).toContain('Укажите, сколько вернуть хотя бы по одной строке');
    // One loaf of two back: half of the bread's 3 bonuses taken back.
    const returned = await form(action, { visitId, idempotencyKey: key!, 'line-1': '1', 'line-2': '' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.body).toContain(
      'Возврат проведён: покупателю вернули 0\u00a0бонусов, забрали 1,50\u00a0бонуса.',
    );
    const over = await form(action, { visitId, idempotencyKey: `${key!}-2`, 'line-1': '2' });
    expect(over.statusCode).toBe(400);
  });

  it('after a return by lines offers only what is left, shows what came back, and nothing once all is back', async () => {
    const accrued = await form(visitUrl, {
      action: 'accrue',
      sum: '',
      items: '4600000000011 2\r\nCIG 1 250',
      idempotencyKey: 'page-receipt-0004',
    });
    const url = accrued.headers.location as string;
    const first = await t.app.inject({ url, headers: { cookie } });
    const operationId = /data-operation="([0-9a-f-]+)"/.exec(first.body)![1]!;
    expect(first.body).toContain(`action="/till/operations/${operationId}/refund"`);
    const visitId = visitUrl.split('/').at(-1)!.split('?')[0]!;
    const action = `/till/operations/${operationId}/return`;
    const once = await form(action, { visitId, idempotencyKey: 'page-part-1', 'line-1': '1' });
    expect(once.statusCode, once.body).toBe(200);
    // The whole refund is gone (the API would refuse it); the form offers the one loaf left and the cigarettes.
    expect(once.body).not.toContain(`action="/till/operations/${operationId}/refund"`);
    const returned = /<div class="returned"[^]*?<\/div>/.exec(once.body)![0];
    expect(returned).toContain('Возвращено:</strong> Хлеб «Дарницкий» × 1.');
    expect(returned).toContain('Покупателю вернули 0\u00a0бонусов, забрали 1,50\u00a0бонуса.');
    const rows = /<caption>Сколько вернуть<\/caption>[^]*?<\/tbody>/.exec(once.body)![0];
    expect(rows).toMatch(/Хлеб «Дарницкий»<\/label><\/td>\s*<td class="num">1<\/td>/);
    expect(rows).toContain('name="line-2"');
    // The rest back: nothing more to offer.
    const rest = await form(action, {
      visitId,
      idempotencyKey: 'page-part-2',
      'line-1': '1',
      'line-2': '1',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.body).toContain('Все товары чека возвращены.');
    expect(rest.body).toContain('Хлеб «Дарницкий» × 2; Сигареты × 1');
    expect(rest.body).not.toContain('Вернуть часть товаров');
    expect(rest.body).not.toContain(`action="/till/operations/${operationId}/refund"`);
  });
});
