import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueBarcodes, catalogueItems } from '#server/db/schema/catalogue';
import { auditLog } from '#server/db/schema/staff';
import { fakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const TOKEN = 'catalogue-load-operator-token-0123456789ab';
const auth = { authorization: `Bearer ${TOKEN}` };

const batch = {
  categories: [
    { id: 'T-ROOT', name: 'Тест: корень' },
    { id: 'T-SMOKE', parentId: 'T-ROOT', name: 'Тест: табак', legalGroup: 'TOBACCO' },
  ],
  items: [
    {
      sku: 'T-1',
      name: 'Тестовый хлеб',
      categoryId: 'T-ROOT',
      vatRate: 'VAT10',
      barcodes: ['2000000000015'],
    },
    {
      sku: 'T-2',
      name: 'Тестовые сигареты',
      categoryId: 'T-SMOKE',
      vatRate: 'VAT22',
      barcodes: ['2000000000022', '2000000000039'],
    },
  ],
};

describe('the ERP loads the catalogue with the batch', () => {
  let t: TestApp;
  const clock = fakeClock();
  let support: StaffLogin;
  let marketer: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
    support = await staffOfRole(t, clock, TOKEN, 'support');
    marketer = await staffOfRole(t, clock, TOKEN, 'marketer');
  });
  afterAll(() => t.close());

  const put = (payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/operator/catalogue/batch',
      headers: auth,
      payload: payload as object,
    });
  const barcodesOf = async (sku: string) =>
    (await t.deps.db.select().from(catalogueBarcodes).where(eq(catalogueBarcodes.sku, sku)))
      .map((b) => b.barcode)
      .sort();

  it('creates rows, and the same body again changes nothing (same counts as unchanged, same updatedAt)', async () => {
    const first = await put(batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      categories: { created: 2, updated: 0, unchanged: 0 },
      items: { created: 2, updated: 0, unchanged: 0 },
      barcodesMoved: 0,
    });
    const [before] = await t.deps.db.select().from(catalogueItems).where(eq(catalogueItems.sku, 'T-1'));
    clock.advance(60_000);
    const again = await put(batch);
    expect(again.json()).toEqual({
      categories: { created: 0, updated: 0, unchanged: 2 },
      items: { created: 0, updated: 0, unchanged: 2 },
      barcodesMoved: 0,
    });
    const [after] = await t.deps.db.select().from(catalogueItems).where(eq(catalogueItems.sku, 'T-1'));
    expect(after).toEqual(before);
    expect(await barcodesOf('T-2')).toEqual(['2000000000022', '2000000000039']);
    const [audit] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'catalogue.batch', actorName: 'system' });
    expect(audit!.after).toMatchObject({ items: { unchanged: 2 } });
  });

  it('replaces an item’s barcodes and moves a barcode another item held', async () => {
    const moved = await put({
      items: [
        {
          sku: 'T-1',
          name: 'Тестовый хлеб',
          categoryId: 'T-ROOT',
          vatRate: 'VAT10',
          barcodes: ['2000000000039'],
        },
      ],
    });
    expect(moved.json()).toMatchObject({ items: { created: 0, updated: 1, unchanged: 0 }, barcodesMoved: 1 });
    expect(await barcodesOf('T-1')).toEqual(['2000000000039']);
    expect(await barcodesOf('T-2')).toEqual(['2000000000022']);
  });

  it('keeps a shelf price (roubles in, kopecks stored), changes it by a load or an edit, and refuses a bad one', async () => {
    const priced = { ...batch.items[0]!, sku: 'T-P', barcodes: [], price: 89.9 };
    expect((await put({ items: [priced] })).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(catalogueItems).where(eq(catalogueItems.sku, 'T-P'));
    expect(row!.listPrice).toBe(8990);
    const again = await put({ items: [{ ...priced, price: 99.9 }] });
    expect(again.json()).toMatchObject({ items: { updated: 1 } });
    const found = await t.app.inject({ url: '/api/operator/catalogue/items?q=T-P', headers: auth });
    expect(found.json().items[0].price).toBe(99.9);
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/operator/catalogue/items/T-P',
      headers: auth,
      payload: { price: null },
    });
    expect(cleared.json().price).toBeNull();
    expect((await put({ items: [{ ...priced, price: 1.001 }] })).statusCode).toBe(400);
  });

  it('refuses a category cycle naming it, and writes nothing', async () => {
    const refused = await put({
      categories: [
        { id: 'T-ROOT', parentId: 'T-SMOKE', name: 'Тест: корень' },
        { id: 'T-NEW', name: 'Новая' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('T-ROOT → T-SMOKE → T-ROOT');
    const tree = (
      await t.app.inject({ url: '/api/operator/catalogue/categories', headers: auth })
    ).json() as {
      id: string;
    }[];
    expect(tree.map((c) => c.id)).not.toContain('T-NEW');
  });

  it('refuses more than 5,000 rows, a code twice and a lone surrogate', async () => {
    const many = Array.from({ length: 5_001 }, (_, i) => ({ sku: `M-${i}`, name: 'Товар' }));
    expect((await put({ items: many })).statusCode).toBe(400);
    const twice = await put({ items: [batch.items[0], batch.items[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('T-1');
    const surrogate = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/catalogue/batch',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"items":[{"sku":"T-9","name":"\\ud800"}]}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(await t.deps.db.select().from(catalogueItems).where(eq(catalogueItems.sku, 'T-9'))).toEqual([]);
  });

  it('refuses a role without catalogue.write; the marketer may load', async () => {
    const call = (who: StaffLogin) =>
      asStaff(t, who, { method: 'PUT', url: '/api/operator/catalogue/batch', payload: { items: [] } });
    const refused = await call(support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await call(marketer)).statusCode).toBe(200);
  });

  it('edits an item (its barcodes too) and a category, with their audit rows; a cycle by edit is refused', async () => {
    const edited = await asStaff(t, marketer, {
      method: 'PATCH',
      url: '/api/operator/catalogue/items/T-1',
      payload: { name: 'Хлеб ржаной', noEarn: true, barcodes: ['2000000000046'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ sku: 'T-1', name: 'Хлеб ржаной', noEarn: true, vatRate: 'VAT10' });
    expect(await barcodesOf('T-1')).toEqual(['2000000000046']);
    const [audit] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'catalogue.item-update',
      entityId: 'T-1',
      actorName: marketer.email,
      before: { name: 'Тестовый хлеб' },
      after: { name: 'Хлеб ржаной' },
    });
    const missing = await asStaff(t, marketer, {
      method: 'PATCH',
      url: '/api/operator/catalogue/items/NOPE',
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const cycle = await asStaff(t, marketer, {
      method: 'PATCH',
      url: '/api/operator/catalogue/categories/T-ROOT',
      payload: { parentId: 'T-SMOKE' },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toContain('цикл');
    const flagged = await asStaff(t, marketer, {
      method: 'PATCH',
      url: '/api/operator/catalogue/categories/T-ROOT',
      payload: { noSpend: true, name: 'Тест: хлеб' },
    });
    expect(flagged.json()).toMatchObject({ id: 'T-ROOT', noSpend: true, name: 'Тест: хлеб', parentId: null });
  });

  it('answers a search 50 at a time in SKU order, the next page after the cursor', async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({
      sku: `P-${String(i).padStart(2, '0')}`,
      name: `Товар ${i}`,
    }));
    expect((await put({ items })).statusCode).toBe(200);
    const page = async (cursor?: string) =>
      (
        await t.app.inject({
          url: `/api/operator/catalogue/items?q=P-${cursor ? `&cursor=${cursor}` : ''}`,
          headers: auth,
        })
      ).json() as { items: { sku: string }[]; total: number; nextCursor: string | null };
    const first = await page();
    expect(first.total).toBe(60);
    expect(first.items.map((i) => i.sku)).toEqual(items.slice(0, 50).map((i) => i.sku));
    expect(first.nextCursor).toBe('P-49');
    const second = await page(first.nextCursor!);
    expect(second.items.map((i) => i.sku)).toEqual(items.slice(50).map((i) => i.sku));
    expect(second.nextCursor).toBeNull();
  });

  it('takes a SKU with "/", "#" and spaces as the ERP writes it, and edits it by its encoded path', async () => {
    const sku = 'МОЛ/12 #3';
    expect((await put({ items: [{ sku, name: 'Молоко' }] })).statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/operator/catalogue/items/${encodeURIComponent(sku)}`,
      headers: auth,
      payload: { vatRate: 'VAT10' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ sku, vatRate: 'VAT10' });
    expect((await put({ items: [{ sku: 'A\nB', name: 'x' }] })).statusCode).toBe(400);
  });
});
