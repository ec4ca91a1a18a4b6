import { describe, expect, it } from 'vitest';
import { isValidInn } from '#common/lib/fiscal-vocabulary';
import { vatOf } from './ffd-tags';
import { fiscalDocumentOf, type Company, type Sale } from './fiscal-document';
import { pricedLines } from './net-lines';

const company: Company = {
  inn: '7707083893',
  taxSystem: 'osn',
  email: 'shop@example.ru',
  paymentAddress: 'https://loyalty.example.ru',
  defaultVat: 'VAT20',
};

const shopSale = (over: Partial<Sale> = {}): Sale => ({
  settlement: 'full',
  lines: [
    { name: 'Кофе', quantityMilli: 2000, sum: 30000, object: 'commodity', vat: 'VAT10' },
    { name: 'Печенье', quantityMilli: 1000, sum: 10000, object: 'commodity', vat: null },
  ],
  discount: 4000,
  payments: { electronic: 36000 },
  client: { email: 'buyer@example.ru' },
  ...over,
});

const itemsTotal = (doc: ReturnType<typeof fiscalDocumentOf>) =>
  doc.items.reduce((sum, item) => sum + item.sum, 0);

describe('decision 070: which sale is which', () => {
  it('a shop payment with lines: full settlement (1214 = 4) of goods (1212 = 1), paid electronically', () => {
    const doc = fiscalDocumentOf('sell', shopSale(), company);
    expect(doc.kind).toBe('sell');
    for (const item of doc.items) {
      expect(item.paymentMethod).toEqual({ tag: 4, atol: 'full_payment' });
      expect(item.paymentObject).toBe(1);
      expect(item.measure).toBe(0);
    }
    expect(doc.payments).toEqual([{ type: 'electronic', atolType: 1, sum: 36000 }]);
    expect(doc.total).toBe(36000);
  });

  it('bonuses are a discount: net line sums, spread in proportion, adding up to the money taken', () => {
    const doc = fiscalDocumentOf('sell', shopSale(), company);
    expect(doc.items.map((item) => [item.name, item.quantity, item.price, item.sum])).toEqual([
      ['Кофе', 2, 13500, 27000],
      ['Печенье', 1, 9000, 9000],
    ]);
    expect(itemsTotal(doc)).toBe(doc.total);
  });

  it("a plan's own shares of the bonuses are kept", () => {
    const doc = fiscalDocumentOf('sell', shopSale({ discountShares: [0, 4000] }), company);
    expect(doc.items.map((item) => item.sum)).toEqual([30000, 6000]);
  });

  it('a line the bonuses paid wholly carries no money and is left out', () => {
    const sale = shopSale({ discount: 10000, discountShares: [0, 10000], payments: { electronic: 30000 } });
    expect(fiscalDocumentOf('sell', sale, company).items.map((item) => item.name)).toEqual(['Кофе']);
  });

  it('a sum-only payment: one line, object 10 «платёж», full settlement', () => {
    const sale = shopSale({
      lines: [{ name: 'Оплата в «Кофейне»', quantityMilli: 1000, sum: 50000, object: 'payment', vat: null }],
      discount: 5000,
      payments: { electronic: 45000 },
    });
    const [item] = fiscalDocumentOf('sell', sale, company).items;
    expect(item).toMatchObject({ paymentObject: 10, paymentMethod: { tag: 4 }, sum: 45000, price: 45000 });
  });

  it('the money-like balance is paid by prepayment offset (type 2, tag 1215) beside the card', () => {
    const doc = fiscalDocumentOf(
      'sell',
      shopSale({ payments: { electronic: 26000, prepaid: 10000 } }),
      company,
    );
    expect(doc.payments).toEqual([
      { type: 'electronic', atolType: 1, sum: 26000 },
      { type: 'prepaid', atolType: 2, sum: 10000 },
    ]);
    expect(itemsTotal(doc)).toBe(36000);
  });

  it('a gift card sold online is an advance (1214 = 3, 1212 = 10) at the computed VAT; its SMS a service in full', () => {
    const sale: Sale = {
      settlement: 'advance',
      lines: [
        { name: 'Подарочная карта', quantityMilli: 3000, sum: 300000, object: 'payment', vat: null },
        {
          name: 'Доставка по SMS',
          quantityMilli: 1000,
          sum: 1000,
          object: 'service',
          vat: null,
          method: 'full_payment',
        },
      ],
      discount: 15000,
      discountShares: [15000, 0],
      payments: { electronic: 286000 },
      client: { phone: '+79990000000' },
    };
    const doc = fiscalDocumentOf('sell', sale, company);
    expect(doc.items[0]).toMatchObject({
      paymentMethod: { tag: 3, atol: 'advance' },
      paymentObject: 10,
      vat: { type: 'vat120', tag: 3 },
      quantity: 3,
      price: 95000,
      sum: 285000,
    });
    expect(doc.items[1]).toMatchObject({
      paymentMethod: { tag: 4 },
      paymentObject: 4,
      vat: { type: 'vat20' },
    });
    expect(itemsTotal(doc)).toBe(doc.total);
  });

  it("a refund is «возврат прихода» with the sale's lines", () => {
    const sale = shopSale();
    expect(fiscalDocumentOf('sell_refund', sale, company)).toEqual({
      ...fiscalDocumentOf('sell', sale, company),
      kind: 'sell_refund',
    });
  });

  it('the company: INN, tax system (1055), e-mail, settlement address; not the default VAT', () => {
    expect(fiscalDocumentOf('sell', shopSale(), { ...company, taxSystem: 'usn_income' }).company).toEqual({
      inn: '7707083893',
      taxSystem: 'usn_income',
      email: 'shop@example.ru',
      paymentAddress: 'https://loyalty.example.ru',
    });
  });

  it('refuses a sale whose lines less the discount are not the money taken', () => {
    expect(() => fiscalDocumentOf('sell', shopSale({ payments: { electronic: 35999 } }), company)).toThrow();
  });

  it('kopeck-exact for any split: a thousand random sales', () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let run = 0; run < 1000; run++) {
      const lines = Array.from({ length: 1 + next(6) }, (_, i) => ({
        name: `Товар ${i}`,
        quantityMilli: next(3) === 0 ? 1 + next(5000) : 1000 * (1 + next(7)),
        sum: 1 + next(100000),
        object: 'commodity' as const,
        vat: null,
      }));
      const gross = lines.reduce((sum, line) => sum + line.sum, 0);
      const discount = next(gross);
      const prepaid = next(gross - discount);
      const doc = fiscalDocumentOf(
        'sell',
        {
          settlement: 'full',
          lines,
          discount,
          payments: { electronic: gross - discount - prepaid, prepaid },
          client: {},
        },
        company,
      );
      expect(itemsTotal(doc)).toBe(gross - discount);
      for (const item of doc.items) {
        if (Number.isInteger(item.quantity)) expect(item.price * item.quantity).toBe(item.sum);
        // A weighed line's price is rounded: off by at most half a kopeck per kilogram.
        else
          expect(Math.abs(item.price * item.quantity - item.sum)).toBeLessThanOrEqual(
            item.quantity / 2 + 1e-6,
          );
      }
    }
  });
});

describe('net lines', () => {
  it('splits a whole quantity the sum does not divide: n − 1 at the price, one taking the rest', () => {
    expect(pricedLines({ quantityMilli: 3000, sum: 29999 })).toEqual([
      { quantityMilli: 2000, price: 9999, sum: 19998 },
      { quantityMilli: 1000, price: 10001, sum: 10001 },
    ]);
    expect(pricedLines({ quantityMilli: 3000, sum: 30000 })).toEqual([
      { quantityMilli: 3000, price: 10000, sum: 30000 },
    ]);
  });
});

describe('tag 1199 and ATOL vat types', () => {
  it.each([
    ['VAT20', 'full_payment', 'vat20', 1],
    ['VAT10', 'full_payment', 'vat10', 2],
    ['VAT20', 'advance', 'vat120', 3],
    ['VAT10', 'advance', 'vat110', 4],
    ['VAT0', 'full_payment', 'vat0', 5],
    ['NONE', 'full_payment', 'none', 6],
    ['NONE', 'advance', 'none', 6],
    ['VAT5', 'full_payment', 'vat5', 7],
    ['VAT7', 'full_payment', 'vat7', 8],
    ['VAT5', 'advance', 'vat105', 9],
    ['VAT7', 'advance', 'vat107', 10],
    ['VAT22', 'full_payment', 'vat22', 11],
    ['VAT22', 'advance', 'vat122', 12],
  ] as const)('%s settled %s: %s (%i)', (rate, method, type, tag) => {
    expect(vatOf(rate, method)).toEqual({ type, tag });
  });
});

describe('INN check digits', () => {
  it.each(['7707083893', '7830002293', '500100732259', '773370857141'])('%s holds', (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });
  it.each(['7707083894', '500100732250', '12345', '77070838930', 'abcdefghij', ''])('%s does not', (inn) => {
    expect(isValidInn(inn)).toBe(false);
  });
});
