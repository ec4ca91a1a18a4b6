import type { TaxSystem } from '#common/lib/fiscal-vocabulary';
import type { FiscalItem } from '#server/core/fiscal/fiscal-document';
import { fitPrice } from '#server/core/fiscal/gateway-cart';
import type { GatewayReceipt } from '#server/core/fiscal/gateway-sale';

/**
 * The receipt of decision 070 in the RBS gateway's words (decision 080): register.do's `orderBundle` (the cart,
 * with `customerDetails`) and `taxSystem`, and refund.do's `refundItems`. Amounts are kopecks; a line's
 * `itemAmount` is `itemPrice × quantity` rounded to the kopeck, and the lines add up to the order's amount.
 */

/** RBS `taxSystem` (tag 1055): 0 общая, 1 УСН доходы, 2 УСН доходы − расходы, 3 ЕНВД (gone), 4 ЕСХН, 5 патент. */
export const RBS_TAX_SYSTEM: Record<TaxSystem, number> = {
  osn: 0,
  usn_income: 1,
  usn_income_outcome: 2,
  esn: 4,
  patent: 5,
};

/**
 * RBS `tax.taxType` by the FFD tag 1199 value (ffd-tags.ts): 0 без НДС, 1 0%, 2 10%, 4 10/110, 6 20%, 7 20/120
 * (3 and 5 were 18% and 18/118). The codes for 5%, 7% and 22% (8–13) are not confirmed: decision 080.
 */
export const RBS_TAX_TYPE: Record<number, number> = {
  1: 6, // 20%
  2: 2, // 10%
  3: 7, // 20/120
  4: 4, // 10/110
  5: 1, // 0%
  6: 0, // без НДС
  7: 8, // 5%
  8: 9, // 7%
  9: 10, // 5/105
  10: 11, // 7/107
  11: 12, // 22%
  12: 13, // 22/122
};

/** RBS limits a position's name to 100 characters (FFD's 128 is the drive's). */
const NAME_MAX = 100;
const CODE_MAX = 100;

export interface RbsCartItem {
  positionId: number;
  name: string;
  quantity: { value: number; measure: string | number };
  itemAmount: number;
  itemPrice: number;
  itemCode: string;
  tax: { taxType: number };
  itemAttributes: { attributes: Array<{ name: 'paymentMethod' | 'paymentObject'; value: string }> };
}

export interface RbsOrderBundle {
  customerDetails: { email?: string; phone?: string };
  cartItems: { items: RbsCartItem[] };
}

/** The form parameters a cart adds to register.do: `orderBundle` as JSON text, and `taxSystem`. */
export function registerCartParams(receipt: GatewayReceipt): { orderBundle: string; taxSystem: string } {
  return {
    orderBundle: JSON.stringify(orderBundleOf(receipt)),
    taxSystem: String(RBS_TAX_SYSTEM[receipt.document.company.taxSystem]),
  };
}

/** refund.do's `refundItems`: the refunded positions, named as the order's cart named them. */
export function refundItemsParam(receipt: GatewayReceipt): string {
  return JSON.stringify({ items: refundCartItemsOf(receipt) });
}

/**
 * The positions a refund names: the whole document's, or with `pieces` (decision 086) each refunded piece of the
 * registered cart's position, its positionId, name, code, tax and attributes as registered, its own quantity,
 * price and amount. A piece with no money back (all of it withheld) is left out.
 */
export function refundCartItemsOf(receipt: GatewayReceipt): RbsCartItem[] {
  const sold = cartItemsOf(receipt);
  if (!receipt.pieces) return sold;
  return receipt.pieces
    .filter((piece) => piece.amount > 0)
    .map((piece) => {
      const item = sold[piece.position - 1];
      if (!item) throw new Error(`position ${piece.position} is not in the order's cart`);
      return {
        ...item,
        quantity: { ...item.quantity, value: piece.value },
        itemAmount: piece.amount,
        itemPrice: piece.price,
      };
    });
}

export function orderBundleOf(receipt: GatewayReceipt): RbsOrderBundle {
  const { client } = receipt.document;
  return {
    customerDetails: client.email ? { email: client.email } : client.phone ? { phone: client.phone } : {},
    cartItems: { items: cartItemsOf(receipt) },
  };
}

export function cartItemsOf(receipt: GatewayReceipt): RbsCartItem[] {
  return receipt.document.items.map((item, i) => cartItemOf(item, i + 1, receipt.ffdVersion));
}

/**
 * One position. The measure is FFD 1.05's text «шт» or FFD 1.2's tag 2108 code 0 (pieces). A weighed line
 * (kilograms with decimals) whose rounded price cannot give back its sum under the gateway's rounding is stated as
 * one piece of its whole sum, its weight in the name: the sum is what the receipt must hold.
 */
function cartItemOf(item: FiscalItem, positionId: number, ffd: GatewayReceipt['ffdVersion']): RbsCartItem {
  const piece = ffd === '1.2' ? 0 : 'шт';
  const exact = fitPrice(item.sum, item.quantity, item.price);
  const name = exact === null ? `${item.name}, ${weightText(item.quantity)}` : item.name;
  return {
    positionId,
    name: [...name].slice(0, NAME_MAX).join(''),
    quantity: { value: exact === null ? 1 : item.quantity, measure: piece },
    itemAmount: item.sum,
    itemPrice: exact ?? item.sum,
    itemCode: `${item.code ? `${item.code}-` : 'line-'}${positionId}`.slice(-CODE_MAX),
    tax: { taxType: RBS_TAX_TYPE[item.vat.tag] ?? 0 },
    itemAttributes: {
      attributes: [
        { name: 'paymentMethod', value: String(item.paymentMethod.tag) },
        { name: 'paymentObject', value: String(item.paymentObject) },
      ],
    },
  };
}

const weightText = (quantity: number) => `${String(quantity).replace('.', ',')} ед.`;
