import { describe, expect, it } from 'vitest';
import { fiscalDocumentOf, type Company, type Sale } from '#server/core/fiscal/fiscal-document';
import { gatewaySale, type GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import { checkOrderBundle, checkRefundItems } from './rbs-bundle-check';
import { cartItemsOf, orderBundleOf, refundItemsParam, registerCartParams } from './rbs-order-bundle';

const company: Company = {
  inn: '7707083893',
  taxSystem: 'usn_income',
  email: 'shop@example.ru',
  paymentAddress: 'https://loyalty.example.ru',
  defaultVat: 'VAT20',
};

const receiptOf = (sale: Sale, ffdVersion: GatewayReceipt['ffdVersion'] = '1.2'): GatewayReceipt => ({
  document: fiscalDocumentOf('sell', gatewaySale(sale), company),
  ffdVersion,
});

const shop: Sale = {
  settlement: 'full',
  lines: [
    { name: 'Кофе', quantityMilli: 3000, sum: 30000, object: 'commodity', vat: 'VAT10', code: 'SKU-1' },
    { name: 'Печенье', quantityMilli: 1000, sum: 10001, object: 'commodity', vat: null },
  ],
  discount: 3337,
  payments: { electronic: 36664 },
  client: { email: 'buyer@example.ru' },
};

const total = (receipt: GatewayReceipt) =>
  cartItemsOf(receipt).reduce((sum, item) => sum + item.itemAmount, 0);

describe('the gateway cart (RBS orderBundle, decision 080)', () => {
  it('every tag against decision 070: method 4, object 1, VAT 10% → taxType 2, default 20% → 6, measure 0 (FFD 1.2)', () => {
    const receipt = receiptOf(shop);
    const bundle = orderBundleOf(receipt);
    expect(bundle.customerDetails).toEqual({ email: 'buyer@example.ru' });
    for (const item of bundle.cartItems.items) {
      expect(item.quantity.measure).toBe(0);
      expect(item.itemAttributes.attributes).toEqual([
        { name: 'paymentMethod', value: '4' },
        { name: 'paymentObject', value: '1' },
      ]);
      expect(item.itemPrice * item.quantity.value).toBe(item.itemAmount);
    }
    expect(bundle.cartItems.items.map((item) => [item.name, item.tax.taxType])).toEqual([
      ['Кофе', 2],
      ['Кофе', 2],
      ['Печенье', 6],
    ]);
    expect(registerCartParams(receipt).taxSystem).toBe('1');
  });

  it('kopeck-exact after bonuses: the 3-piece line that does not divide is split, the cart is the order amount', () => {
    const receipt = receiptOf(shop);
    const items = cartItemsOf(receipt);
    expect(
      items.map((item) => [item.positionId, item.quantity.value, item.itemPrice, item.itemAmount]),
    ).toEqual([
      [1, 2, 9165, 18330],
      [2, 1, 9167, 9167],
      [3, 1, 9167, 9167],
    ]);
    expect(total(receipt)).toBe(36664);
    expect(items.map((item) => item.itemCode)).toEqual(['SKU-1-1', 'SKU-1-2', 'line-3']);
    const { orderBundle, taxSystem } = registerCartParams(receipt);
    expect(checkOrderBundle(orderBundle, taxSystem, 36664)).toBeNull();
  });

  it("a promo code's discount is already off the lines; the balance spent comes off them too, leaving the card money", () => {
    const sale: Sale = { ...shop, payments: { electronic: 26664, prepaid: 10000 } };
    const receipt = receiptOf(sale);
    expect(receipt.document.payments).toEqual([{ type: 'electronic', atolType: 1, sum: 26664 }]);
    expect(total(receipt)).toBe(26664);
    const { orderBundle, taxSystem } = registerCartParams(receipt);
    expect(checkOrderBundle(orderBundle, taxSystem, 26664)).toBeNull();
  });

  it('a sum-only payment is one «платёж» line (1212 = 10)', () => {
    const receipt = receiptOf({
      settlement: 'full',
      lines: [{ name: 'Оплата: Кофейня', quantityMilli: 1000, sum: 50000, object: 'payment', vat: null }],
      discount: 5000,
      payments: { electronic: 45000 },
      client: { phone: '+79990000000' },
    });
    const bundle = orderBundleOf(receipt);
    expect(bundle.customerDetails).toEqual({ phone: '+79990000000' });
    expect(bundle.cartItems.items).toEqual([
      {
        positionId: 1,
        name: 'Оплата: Кофейня',
        quantity: { value: 1, measure: 0 },
        itemAmount: 45000,
        itemPrice: 45000,
        itemCode: 'line-1',
        tax: { taxType: 6 },
        itemAttributes: {
          attributes: [
            { name: 'paymentMethod', value: '4' },
            { name: 'paymentObject', value: '10' },
          ],
        },
      },
    ]);
  });

  it('a gift card sold online is an advance: method 3, object 10, VAT 20/120 → taxType 7; FFD 1.05 says «шт»', () => {
    const receipt = receiptOf(
      {
        settlement: 'advance',
        lines: [{ name: 'Подарочная карта', quantityMilli: 2000, sum: 200000, object: 'payment', vat: null }],
        discount: 10000,
        payments: { electronic: 190000 },
        client: { email: 'gift@example.ru' },
      },
      '1.05',
    );
    const [item] = cartItemsOf(receipt);
    expect(item).toMatchObject({
      quantity: { value: 2, measure: 'шт' },
      itemPrice: 95000,
      itemAmount: 190000,
      tax: { taxType: 7 },
      itemAttributes: {
        attributes: [
          { name: 'paymentMethod', value: '3' },
          { name: 'paymentObject', value: '10' },
        ],
      },
    });
  });

  it('kopeck-exact for a thousand random carts, weighed lines too', () => {
    let seed = 11;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let run = 0; run < 1000; run++) {
      const lines = Array.from({ length: 1 + next(5) }, (_, i) => ({
        name: `Товар ${i}`,
        quantityMilli: next(3) === 0 ? 1 + next(5000) : 1000 * (1 + next(7)),
        sum: 1 + next(100000),
        object: 'commodity' as const,
        vat: null,
      }));
      const gross = lines.reduce((sum, line) => sum + line.sum, 0);
      const discount = next(gross);
      const prepaid = next(gross - discount);
      const electronic = gross - discount - prepaid;
      if (electronic === 0) continue;
      const receipt = receiptOf({
        settlement: 'full',
        lines,
        discount,
        payments: { electronic, prepaid },
        client: { email: 'a@example.ru' },
      });
      const { orderBundle, taxSystem } = registerCartParams(receipt);
      expect(checkOrderBundle(orderBundle, taxSystem, electronic)).toBeNull();
    }
  });
});

describe('the fake gateway refuses a cart that does not add up, as RBS does', () => {
  const { orderBundle, taxSystem } = registerCartParams(receiptOf(shop));

  it('the sum of the positions against the amount', () => {
    expect(checkOrderBundle(orderBundle, taxSystem, 36665)).toEqual({
      errorCode: 4,
      errorMessage: 'Сумма позиций корзины (36664) не равна сумме заказа (36665)',
    });
  });

  it('price × quantity, required fields, tax types in range, a customer to send it to', () => {
    const bundle = JSON.parse(orderBundle);
    const broken = (patch: (b: typeof bundle) => void) => {
      const copy = JSON.parse(orderBundle);
      patch(copy);
      return checkOrderBundle(JSON.stringify(copy), taxSystem, 36664)?.errorMessage;
    };
    expect(bundle.cartItems.items).toHaveLength(3);
    expect(broken((b) => (b.cartItems.items[0].itemPrice += 1))).toBe(
      'Позиция 1: itemAmount не равен itemPrice × quantity',
    );
    expect(broken((b) => delete b.cartItems.items[1].itemCode)).toMatch(/^Неверный формат корзины/);
    expect(broken((b) => (b.cartItems.items[2].tax.taxType = 42))).toMatch(/^Неверный формат корзины/);
    expect(broken((b) => (b.customerDetails = {}))).toMatch(/e-mail или телефон/);
    expect(broken((b) => (b.cartItems.items[0].itemAttributes.attributes[0].value = '9'))).toBe(
      'Позиция 1: Неверный признак способа расчёта',
    );
    expect(checkOrderBundle(orderBundle, '3x', 36664)?.errorMessage).toBe('Неверная система налогообложения');
    expect(checkOrderBundle('{not json', taxSystem, 36664)?.errorCode).toBe(4);
  });

  it("a refund's positions must be the order's and add up to the refund", () => {
    const sold = cartItemsOf(receiptOf(shop));
    const refund = receiptOf(shop);
    expect(checkRefundItems(refundItemsParam(refund), 36664, sold)).toBeNull();
    expect(checkRefundItems(refundItemsParam(refund), 36000, sold)?.errorMessage).toMatch(/не равна/);
    const other = cartItemsOf(
      receiptOf({
        ...shop,
        lines: [{ ...shop.lines[1]!, name: 'Другое' }],
        discount: 0,
        payments: { electronic: 10001 },
      }),
    );
    expect(checkRefundItems(JSON.stringify({ items: other }), 10001, sold)?.errorMessage).toBe(
      'Позиции 1 нет в заказе',
    );
  });
});
