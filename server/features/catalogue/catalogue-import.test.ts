import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems } from '#server/db/schema/catalogue';
import { DEMO_ITEMS } from '#server/db/seed/demo-catalogue';
import { createTestApp, type TestApp } from '#server/test/test-app';

const TOKEN = 'catalogue-import-operator-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The text in Windows-1251, byte by byte, as Excel saves "CSV (разделители — точка с запятой)". */
function cp1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x410 && code <= 0x44f) bytes.push(code - 0x410 + 0xc0);
    else if (ch === 'Ё') bytes.push(0xa8);
    else if (ch === 'ё') bytes.push(0xb8);
    else throw new Error(`not in the test's table: ${ch}`);
  }
  return Buffer.from(bytes);
}

describe('the console loads the catalogue from a CSV file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorToken: TOKEN } });
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/operator/catalogue/import',
      headers: auth,
      payload: { data: bytes.toString('base64') },
    });
  const item = async (sku: string) =>
    (
      await t.app.inject({ url: `/api/operator/catalogue/items?q=${encodeURIComponent(sku)}`, headers: auth })
    ).json().items[0];

  it('reads categories, then items in Windows-1251 with ";" and Russian headers', async () => {
    const categories = cp1251(
      'Код;Родитель;Наименование;Не начислять;Группа\r\nC-DRINK;;Напитки;нет;\r\nC-BEER;C-DRINK;Пиво;;алкоголь\r\n',
    );
    const first = await upload(categories);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'categories', categories: { created: 2 } });
    const items = cp1251(
      'Артикул;Наименование;Категория;Штрихкоды;НДС;Не начислять;Не списывать;Группа\r\n' +
        'C-1;Квас хлебный;C-DRINK;4600000000011 4600000000028;НДС 22%;нет;да;\r\n' +
        'C-2;"Пиво ""Жигулёвское""; 0,5 л";C-BEER;4600000000035;20%;;;\r\n' +
        'C-3;Вода;C-DRINK;;без НДС;1;0;\r\n;;;;;;;\r\n',
    );
    const loaded = await upload(items);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ kind: 'items', items: { created: 3, updated: 0, unchanged: 0 } });
    expect(await item('C-1')).toMatchObject({
      name: 'Квас хлебный',
      vatRate: 'VAT22',
      noEarn: false,
      noSpend: true,
      barcodes: ['4600000000011', '4600000000028'],
    });
    expect(await item('C-2')).toMatchObject({ name: 'Пиво "Жигулёвское"; 0,5 л', vatRate: 'VAT20' });
    expect(await item('C-3')).toMatchObject({ vatRate: 'NONE', noEarn: true });
    const tree = (await t.app.inject({ url: '/api/operator/catalogue/categories', headers: auth })).json();
    expect(tree.find((c: { id: string }) => c.id === 'C-BEER')).toMatchObject({
      parentId: 'C-DRINK',
      legalGroup: 'ALCOHOL',
      items: 1,
      depth: 1,
    });
  });

  it('reads UTF-8 with its BOM, ",", English headers and a line break inside quotes; again is unchanged', async () => {
    const text =
      '\ufeffsku,name,category,barcodes,vat,no_earn,no_spend,legal_group\n' +
      'C-4,"Сигареты, пачка",C-DRINK,"4600000000042|4600000000059",22,no,no,TOBACCO\n' +
      'C-5,"Торт\nна заказ",,,10%,,,\n';
    const loaded = await upload(Buffer.from(text, 'utf8'));
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().items).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await item('C-4')).toMatchObject({
      name: 'Сигареты, пачка',
      legalGroup: 'TOBACCO',
      barcodes: ['4600000000042', '4600000000059'],
    });
    expect(await item('C-5')).toMatchObject({ name: 'Торт\nна заказ', vatRate: 'VAT10', categoryId: null });
    expect((await upload(Buffer.from(text, 'utf8'))).json().items).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
  });

  it('refuses a file with bad rows, listing each by its row, and changes nothing', async () => {
    const text =
      'Артикул;Наименование;НДС;Группа;Штрихкоды\n' +
      'C-1;Квас переименованный;22%;;\n' +
      ';Без артикула;22%;;\n' +
      'C-6;Лимонад;18%;;\n' +
      'C-7;Сок;10%;наркотики;\n' +
      'C-1;Квас дважды;22%;;\n' +
      'C-8;Морс;10%;;4600000000011 4600000000011\n' +
      'C-9;Кисель;10%;;4600000000011\n';
    const refused = await upload(Buffer.from(text, 'utf8'));
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as { message: string; fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(['row 3', 'row 4', 'row 5', 'row 6', 'row 8']);
    expect(body.fields['row 3']).toContain('Артикул');
    expect(body.fields['row 4']).toContain('18%');
    expect(body.fields['row 5']).toContain('наркотики');
    expect(body.fields['row 6']).toContain('строке 2');
    expect(body.fields['row 8']).toContain('строке 7');
    expect(body.message).toContain('Строка 3');
    expect((await item('C-1')).name).toBe('Квас хлебный');
    expect(await t.deps.db.select().from(catalogueItems).where(like(catalogueItems.sku, 'C-8'))).toEqual([]);
  });

  it('refuses a file without the columns it needs, an open quote, and a lone surrogate in the request', async () => {
    const noSku = await upload(Buffer.from('Цена;Количество\n10;2\n', 'utf8'));
    expect(noSku.statusCode).toBe(400);
    expect(noSku.json().message).toContain('Артикул');
    const open = await upload(Buffer.from('sku,name\nC-10,"Без конца\n', 'utf8'));
    expect(open.json().fields).toEqual({ 'row 2': 'кавычка открыта и не закрыта' });
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/operator/catalogue/import',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"data":"QQ==\\udc00"}',
    });
    expect(surrogate.statusCode).toBe(400);
  });

  it('finds items by SKU start, exact barcode, part of the name in any case, and within a category', async () => {
    const find = async (query: string) =>
      (await t.app.inject({ url: `/api/operator/catalogue/items?${query}`, headers: auth })).json() as {
        items: { sku: string }[];
        total: number;
        nextCursor: string | null;
      };
    expect((await find('q=C-')).items.map((i) => i.sku)).toEqual(['C-1', 'C-2', 'C-3', 'C-4', 'C-5']);
    expect((await find('q=4600000000035')).items.map((i) => i.sku)).toEqual(['C-2']);
    expect((await find(`q=${encodeURIComponent('жигулёвск')}`)).items.map((i) => i.sku)).toEqual(['C-2']);
    // LIKE's own characters match themselves: '%' finds the demo's dairy with a fat percentage, '_' nothing.
    const percent = (await find('q=%25')) as unknown as { items: { name: string }[]; total: number };
    expect(percent.total).toBeGreaterThan(0);
    expect(percent.items.every((i) => i.name.includes('%'))).toBe(true);
    expect((await find('q=_')).total).toBe(0);
    // The category and what lies under it: the beer sits in C-BEER, under C-DRINK.
    expect((await find('categoryId=C-DRINK')).items.map((i) => i.sku)).toEqual(['C-1', 'C-2', 'C-3', 'C-4']);
    // The demo brand's goods are there too, a page at a time in SKU order.
    const first = await find('');
    expect(first.total).toBe(DEMO_ITEMS.length + 5);
    expect(first.items).toHaveLength(DEMO_ITEMS.length + 5 > 50 ? 50 : first.total);
    if (first.nextCursor) {
      const next = await find(`cursor=${first.nextCursor}`);
      expect(next.items[0]!.sku > first.nextCursor).toBe(true);
      expect(first.items.length + next.items.length).toBe(first.total);
    }
    const [bread] = await t.deps.db.select().from(catalogueItems).where(eq(catalogueItems.sku, '10001'));
    expect(bread).toMatchObject({ categoryId: 'bakery', vatRate: 'VAT10' });
  });
});
