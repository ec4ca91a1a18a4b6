import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import type { TestApp } from './test-app';

/**
 * What the tests of the reference till page (`/till`) share: the goods a cashier types there, and a form posted
 * as the cashier's browser posts it, with the till key's cookie.
 */

/** Bread with a list price of 50 ₽ (typed without a price) and cigarettes in the tobacco group (no price). */
export async function loadBreadAndCigarettes(t: TestApp, updatedAt: Date) {
  await t.deps.db
    .insert(catalogueCategories)
    .values({ id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt });
  await t.deps.db.insert(catalogueItems).values([
    { sku: 'BREAD', name: 'Хлеб «Дарницкий»', listPrice: 5000, updatedAt },
    { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB', updatedAt },
  ]);
}

/** A form of the till page posted with the key's cookie (none: a browser that has not entered the key). */
export const postTillForm = (
  t: TestApp,
  cookie: string | null,
  url: string,
  fields: Record<string, string>,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
    payload: new URLSearchParams(fields).toString(),
  });
