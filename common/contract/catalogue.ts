import * as z from './z';
import { LEGAL_GROUPS, VAT_RATES } from '../lib/catalogue-vocabulary';
import { defineEndpoint } from './endpoint';

/*
 * The chain's catalogue (issue 29, decision 060): categories (a tree whose flags hold for everything under
 * them), items and their barcodes. The chain's ERP loads it with the idempotent batch, the console with a CSV
 * file; the console searches and edits it item by item.
 */

/** The most rows (categories and items together) one batch call takes. */
export const CATALOGUE_BATCH_MAX = 5_000;
/** The largest CSV file the import takes (about 200,000 items with their barcodes). */
export const CATALOGUE_FILE_MAX_BYTES = 24 * 1024 * 1024;
/** A search page's rows. */
export const CATALOGUE_PAGE_SIZE = 50;
/** The most barcodes one item carries. */
export const CATALOGUE_BARCODES_MAX = 50;
/** The first bad rows a refused file lists. */
export const CATALOGUE_ERRORS_SHOWN = 20;

/**
 * A SKU or a category's code as the ERP writes it ("12/345", "МОЛ-001"): any printable text without line breaks
 * or control characters (a path carries it encoded).
 */
export const catalogueCodeSchema = z
  .string()
  .trim()
  .min(1, 'Код не указан')
  .max(64, 'Код: не длиннее 64 знаков')
  .regex(/^[^\p{Cc}]+$/u, 'Код: без переводов строки и служебных знаков');

/** A barcode: EAN-13, EAN-8, a shop's own weight code; digits, latin letters and '-'. */
export const barcodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{1,64}$/, 'Штрихкод: цифры, латинские буквы и -, до 64 знаков');

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Наименование не указано')
  .max(300, 'Наименование: до 300 знаков');
export const legalGroupSchema = z.enum(LEGAL_GROUPS);
/** A shelf price, roubles with at most 2 decimals (the reference till fills a line's price from it). */
export const listPriceSchema = z
  .number('Цена: число')
  .min(0, 'Цена: не меньше нуля')
  .max(1_000_000, 'Цена: не больше 1 000 000')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Цена: не больше двух знаков после запятой');
export const vatRateSchema = z.enum(VAT_RATES);

export const categoryInputSchema = z.strictObject({
  id: catalogueCodeSchema,
  parentId: catalogueCodeSchema.nullable().default(null),
  name: nameSchema,
  noEarn: z.boolean().default(false),
  noSpend: z.boolean().default(false),
  legalGroup: legalGroupSchema.nullable().default(null),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const itemInputSchema = z.strictObject({
  sku: catalogueCodeSchema,
  name: nameSchema,
  categoryId: catalogueCodeSchema.nullable().default(null),
  vatRate: vatRateSchema.default('NONE'),
  noEarn: z.boolean().default(false),
  noSpend: z.boolean().default(false),
  legalGroup: legalGroupSchema.nullable().default(null),
  /** The chain's shelf price, when its ERP sends one; null: none (the till sends its own). */
  price: listPriceSchema.nullable().default(null),
  /** The item's barcodes: a full replacement; one that names another item moves to this one. */
  barcodes: z.array(barcodeSchema).max(CATALOGUE_BARCODES_MAX).default([]),
});
export type ItemInput = z.output<typeof itemInputSchema>;

const categorySchema = categoryInputSchema.extend({ updatedAt: z.string() });
export type CatalogueCategory = z.output<typeof categorySchema>;
const itemSchema = itemInputSchema.extend({ updatedAt: z.string() });
export type CatalogueItem = z.output<typeof itemSchema>;

const counts = z.strictObject({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows already as sent (a repeated load changes nothing). */
  unchanged: z.number().int(),
});
export const catalogueLoadResultSchema = z.strictObject({
  categories: counts,
  items: counts,
  /** Barcodes that named another item and now name the one loaded. */
  barcodesMoved: z.number().int(),
});
export type CatalogueLoadResult = z.output<typeof catalogueLoadResultSchema>;

const base = { tag: 'catalogue', auth: 'operator' } as const;

export const putCatalogueBatch = defineEndpoint({
  ...base,
  method: 'PUT',
  path: '/api/operator/catalogue/batch',
  summary:
    'Load categories and items from the ERP: each row created or updated in place by its code (the same body twice gives the same state), at most 5,000 rows a call, all or nothing',
  permission: 'catalogue.write',
  errors: [],
  schemas: {
    body: z
      .strictObject({
        categories: z.array(categoryInputSchema).default([]),
        items: z.array(itemInputSchema).default([]),
      })
      .refine((b) => b.categories.length + b.items.length <= CATALOGUE_BATCH_MAX, {
        message: `Не больше ${CATALOGUE_BATCH_MAX} строк за вызов`,
        path: ['items'],
      }),
    response: catalogueLoadResultSchema,
  },
});

export const importCatalogueCsv = defineEndpoint({
  ...base,
  method: 'POST',
  path: '/api/operator/catalogue/import',
  summary:
    'Load a CSV file as Excel saves it (UTF-8 with or without BOM, or Windows-1251; ";" or ","): items (a column sku/Артикул) or categories (id/Код, no sku); a file with a bad row changes nothing and the answer lists the first 20',
  permission: 'catalogue.write',
  errors: [],
  schemas: {
    body: z.strictObject({
      data: z
        .string()
        .min(1, 'Файл пуст')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Файл задаётся в base64'),
    }),
    response: catalogueLoadResultSchema.extend({ kind: z.enum(['items', 'categories']) }),
  },
});

export const listCatalogueItems = defineEndpoint({
  ...base,
  method: 'GET',
  path: '/api/operator/catalogue/items',
  summary:
    'Find items: by SKU start, an exact barcode or a part of the name (any case), in a category (and those under it); 50 a page in SKU order',
  permission: 'catalogue.read',
  errors: [],
  schemas: {
    query: z.strictObject({
      q: z.string().trim().max(100).optional(),
      categoryId: catalogueCodeSchema.optional(),
      /** The last SKU of the page before. */
      cursor: z.string().max(64).optional(),
    }),
    response: z.strictObject({
      items: z.array(itemSchema),
      total: z.number().int(),
      nextCursor: z.string().nullable(),
    }),
  },
});

export const listCatalogueCategories = defineEndpoint({
  ...base,
  method: 'GET',
  path: '/api/operator/catalogue/categories',
  summary: 'Every category (parents before children, by name), with its items counted',
  permission: 'catalogue.read',
  errors: [],
  schemas: {
    response: z.array(categorySchema.extend({ items: z.number().int(), depth: z.number().int() })),
  },
});

export const patchCatalogueItem = defineEndpoint({
  ...base,
  method: 'PATCH',
  path: '/api/operator/catalogue/items/:sku',
  summary: 'Edit an item: name, category, VAT, flags, legal group, barcodes (a full replacement)',
  permission: 'catalogue.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ sku: catalogueCodeSchema }),
    body: z.strictObject({
      name: nameSchema.optional(),
      categoryId: catalogueCodeSchema.nullable().optional(),
      vatRate: vatRateSchema.optional(),
      noEarn: z.boolean().optional(),
      noSpend: z.boolean().optional(),
      legalGroup: legalGroupSchema.nullable().optional(),
      price: listPriceSchema.nullable().optional(),
      barcodes: z.array(barcodeSchema).max(CATALOGUE_BARCODES_MAX).optional(),
    }),
    response: itemSchema,
  },
});

export const patchCatalogueCategory = defineEndpoint({
  ...base,
  method: 'PATCH',
  path: '/api/operator/catalogue/categories/:id',
  summary: 'Edit a category: name, parent (a cycle is refused), flags, legal group',
  permission: 'catalogue.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ id: catalogueCodeSchema }),
    body: z.strictObject({
      name: nameSchema.optional(),
      parentId: catalogueCodeSchema.nullable().optional(),
      noEarn: z.boolean().optional(),
      noSpend: z.boolean().optional(),
      legalGroup: legalGroupSchema.nullable().optional(),
    }),
    response: categorySchema,
  },
});
