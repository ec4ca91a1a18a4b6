import type { CategoryInput, ItemInput } from '#common/contract/catalogue';
import type { VatRate } from '#common/lib/catalogue-vocabulary';
import type { Db } from '../client';
import { catalogueBarcodes, catalogueCategories, catalogueItems } from '../schema/catalogue';

/*
 * The demo brand's catalogue (issue 29, decision 060): a bakery, a coffee shop and a shop's shelves, with the
 * goods the programme must never reward (tobacco by law, alcohol and infant formula by the chain's rule) on
 * categories that say so. Barcodes are EAN-13 with valid check digits under Russia's prefix 460; VAT 22% (the
 * standard rate from 2026), 10% for bread, staples, dairy and children's goods. Exported, so the till page and
 * the tests can pick real lines from it.
 */

const category = (
  id: string,
  name: string,
  parentId: string | null = null,
  flags: Partial<CategoryInput> = {},
): CategoryInput => ({ id, name, parentId, noEarn: false, noSpend: false, legalGroup: null, ...flags });

export const DEMO_CATEGORIES: CategoryInput[] = [
  category('bakery', 'Пекарня'),
  category('coffee', 'Кофейня'),
  category('shop', 'Магазин'),
  category('grocery', 'Бакалея', 'shop'),
  category('dairy', 'Молочные продукты', 'shop'),
  category('tobacco', 'Табак', 'shop', { legalGroup: 'TOBACCO' }),
  category('alcohol', 'Алкоголь', 'shop', { legalGroup: 'ALCOHOL' }),
  category('wine', 'Вино', 'alcohol'),
  category('beer', 'Пиво', 'alcohol'),
  category('children', 'Детское питание', 'shop'),
  category('formula', 'Детские смеси', 'children', { legalGroup: 'INFANT_FORMULA' }),
  category('baby', 'Пюре и каши', 'children'),
  category('extras', 'Пакеты и упаковка'),
];

/** Shelf prices, roubles: the reference till fills a scanned line's price from them (by weight: per kg). */
const DEMO_PRICES: Record<string, number> = {
  '10001': 65,
  '10002': 49.9,
  '10003': 89.9,
  '10004': 95,
  '10005': 120,
  '10006': 75,
  '10007': 55,
  '10008': 99,
  '20001': 150,
  '20002': 190,
  '20003': 220,
  '20004': 260,
  '20005': 290,
  '20006': 210,
  '20007': 140,
  '30001': 119.9,
  '30002': 109.9,
  '30003': 79.9,
  '30004': 89.9,
  '30005': 1490,
  '30006': 119.9,
  '40001': 94.9,
  '40002': 89.9,
  '40003': 139.9,
  '40004': 229.9,
  '40005': 899,
  '40006': 1099,
  '50001': 215,
  '50002': 205,
  '50003': 235,
  '60001': 690,
  '60002': 590,
  '60003': 890,
  '60004': 119.9,
  '60005': 129.9,
  '70001': 749,
  '70002': 1190,
  '70003': 59.9,
  '70004': 189.9,
  '90001': 9.9,
  '90002': 150,
};

const item = (
  sku: string,
  name: string,
  categoryId: string,
  vatRate: VatRate,
  barcodes: string[],
  flags: Partial<ItemInput> = {},
): ItemInput => ({
  sku,
  name,
  categoryId,
  vatRate,
  barcodes,
  price: DEMO_PRICES[sku] ?? null,
  noEarn: false,
  noSpend: false,
  legalGroup: null,
  ...flags,
});

export const DEMO_ITEMS: ItemInput[] = [
  item('10001', 'Хлеб «Бородинский», 400 г', 'bakery', 'VAT10', ['4607019001002']),
  item('10002', 'Батон нарезной, 350 г', 'bakery', 'VAT10', ['4607019001118']),
  item('10003', 'Багет французский', 'bakery', 'VAT10', ['4607019001224', '4607019010998']),
  item('10004', 'Круассан сливочный', 'bakery', 'VAT10', ['4607019001330']),
  item('10005', 'Круассан с миндалём', 'bakery', 'VAT10', ['4607019001446']),
  item('10006', 'Булочка с корицей', 'bakery', 'VAT10', ['4607019001552']),
  item('10007', 'Пирожок с капустой', 'bakery', 'VAT10', ['4607019001668']),
  item('10008', 'Чиабатта', 'bakery', 'VAT10', ['4607019001774']),
  item('20001', 'Эспрессо', 'coffee', 'VAT22', ['4607019001880']),
  item('20002', 'Американо, 300 мл', 'coffee', 'VAT22', ['4607019001996']),
  item('20003', 'Капучино, 300 мл', 'coffee', 'VAT22', ['4607019002108']),
  item('20004', 'Латте, 400 мл', 'coffee', 'VAT22', ['4607019002214']),
  item('20005', 'Раф ванильный, 400 мл', 'coffee', 'VAT22', ['4607019002320']),
  item('20006', 'Какао, 300 мл', 'coffee', 'VAT22', ['4607019002436']),
  item('20007', 'Чай чёрный, 400 мл', 'coffee', 'VAT22', ['4607019002542']),
  item('30001', 'Гречка ядрица, 900 г', 'grocery', 'VAT10', ['4607019002658']),
  item('30002', 'Рис круглозёрный, 900 г', 'grocery', 'VAT10', ['4607019002764']),
  item('30003', 'Макароны «Перья», 450 г', 'grocery', 'VAT10', ['4607019002870']),
  item('30004', 'Сахар-песок, 1 кг', 'grocery', 'VAT10', ['4607019002986']),
  item('30005', 'Кофе в зёрнах, 1 кг', 'grocery', 'VAT22', ['4607019003099']),
  item('30006', 'Шоколад молочный, 90 г', 'grocery', 'VAT22', ['4607019003204']),
  item('40001', 'Молоко 3,2%, 930 мл', 'dairy', 'VAT10', ['4607019003310']),
  item('40002', 'Кефир 2,5%, 900 мл', 'dairy', 'VAT10', ['4607019003426']),
  item('40003', 'Творог 5%, 300 г', 'dairy', 'VAT10', ['4607019003532']),
  item('40004', 'Масло сливочное 82,5%, 180 г', 'dairy', 'VAT10', ['4607019003648']),
  item('40005', 'Сыр «Российский», весовой', 'dairy', 'VAT10', ['4607019003754']),
  item('40006', 'Сыр «Гауда», весовой', 'dairy', 'VAT10', ['4607019003860']),
  item('50001', 'Сигареты «Ява Золотая»', 'tobacco', 'VAT22', ['4607019003976']),
  item('50002', 'Сигареты «Пётр I»', 'tobacco', 'VAT22', ['4607019004089']),
  item('50003', 'Стики табачные, 20 шт.', 'tobacco', 'VAT22', ['4607019004195']),
  item('60001', 'Вино красное сухое, 0,75 л', 'wine', 'VAT22', ['4607019004300']),
  item('60002', 'Вино белое полусладкое, 0,75 л', 'wine', 'VAT22', ['4607019004416']),
  item('60003', 'Игристое вино брют, 0,75 л', 'wine', 'VAT22', ['4607019004522']),
  item('60004', 'Пиво светлое, 0,45 л', 'beer', 'VAT22', ['4607019004638']),
  item('60005', 'Пиво тёмное, 0,45 л', 'beer', 'VAT22', ['4607019004744']),
  item('70001', 'Смесь молочная сухая с 0 мес., 350 г', 'formula', 'VAT10', ['4607019004850']),
  item('70002', 'Смесь молочная сухая с 6 мес., 600 г', 'formula', 'VAT10', ['4607019004966']),
  item('70003', 'Пюре яблочное детское, 90 г', 'baby', 'VAT10', ['4607019005079']),
  item('70004', 'Каша гречневая детская, 200 г', 'baby', 'VAT10', ['4607019005185']),
  item('90001', 'Пакет-майка', 'extras', 'VAT22', ['4607019005291'], { noEarn: true, noSpend: true }),
  item('90002', 'Подарочная упаковка', 'extras', 'VAT22', ['4607019005406']),
];

/** Writes the demo catalogue (into an empty one: an operator's rows are never touched). */
export async function seedDemoCatalogue(tx: Db, at = new Date()) {
  await tx
    .insert(catalogueCategories)
    .values(DEMO_CATEGORIES.map((c) => ({ ...c, updatedAt: at })))
    .onConflictDoNothing();
  await tx
    .insert(catalogueItems)
    .values(
      DEMO_ITEMS.map(({ barcodes: _b, price, ...i }) => ({
        ...i,
        listPrice: price === null ? null : Math.round(price * 100),
        updatedAt: at,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(catalogueBarcodes)
    .values(DEMO_ITEMS.flatMap((i) => i.barcodes.map((barcode) => ({ barcode, sku: i.sku }))))
    .onConflictDoNothing();
}
