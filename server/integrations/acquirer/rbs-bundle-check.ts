import { z } from 'zod';

/**
 * What an RBS gateway with fiscalisation checks of a cart before it registers an order or refunds one (decision
 * 080): the fake gateway (server/test) and the sandbox acquirer refuse a cart that does not add up the way the
 * bank does, with an errorCode and a text, so a test catches it. The rules are the bank's (securecardpayment.ru,
 * «refund_cart_part»; yii2-sberpay-rest's entities): every position has a positionId, a name, a quantity with its
 * measure, a price, an itemCode unique in the request, a tax type and the payment method and object; `itemAmount`
 * is `itemPrice × quantity` rounded to the kopeck; the positions add up to the amount.
 */
export interface CartRefusal {
  errorCode: number;
  errorMessage: string;
}

/** errorCode of a cart the gateway refuses (its format, or sums that do not agree). */
export const BAD_CART = 4;

const kopecks = z.number().int().nonnegative();
const attribute = z.object({ name: z.string(), value: z.string() });

const itemSchema = z.object({
  positionId: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,8}$/)]),
  name: z.string().trim().min(1).max(100),
  quantity: z.object({
    value: z.number().positive().max(99_999),
    measure: z.union([z.string().min(1).max(20), z.number().int().min(0).max(255)]),
  }),
  itemAmount: kopecks,
  itemPrice: kopecks,
  itemCode: z.string().min(1).max(100),
  tax: z.object({ taxType: z.number().int().min(0).max(13) }),
  itemAttributes: z.object({ attributes: z.array(attribute).min(2) }),
});
export type CheckedItem = z.infer<typeof itemSchema>;

const bundleSchema = z.object({
  customerDetails: z
    .object({
      email: z.string().email().optional(),
      phone: z
        .string()
        .regex(/^\+?\d{7,15}$/)
        .optional(),
    })
    .refine((details) => details.email || details.phone, 'customerDetails: e-mail или телефон'),
  cartItems: z.object({ items: z.array(itemSchema).min(1).max(100) }),
});

const refundSchema = z.object({ items: z.array(itemSchema).min(1).max(100) });

const refusal = (errorMessage: string): CartRefusal => ({ errorCode: BAD_CART, errorMessage });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The attributes' values, as the gateway reads them: paymentMethod 1–7 (tag 1214), paymentObject 1–26 (1212). */
function attributesProblem(item: CheckedItem): string | null {
  const value = (name: string) => item.itemAttributes.attributes.find((a) => a.name === name)?.value;
  const method = Number(value('paymentMethod'));
  const object = Number(value('paymentObject'));
  if (!Number.isInteger(method) || method < 1 || method > 7) return 'Неверный признак способа расчёта';
  if (!Number.isInteger(object) || object < 1 || object > 26) return 'Неверный признак предмета расчёта';
  return null;
}

/** Each position's own figures, and the positions' sum against `amount`. */
function itemsProblem(items: CheckedItem[], amount: number): string | null {
  const codes = new Set(items.map((item) => item.itemCode));
  const positions = new Set(items.map((item) => String(item.positionId)));
  if (codes.size !== items.length) return 'itemCode повторяется в корзине';
  if (positions.size !== items.length) return 'positionId повторяется в корзине';
  for (const item of items) {
    if (Math.abs(Math.round(item.quantity.value * 1000) - item.quantity.value * 1000) > 1e-6)
      return `Позиция ${item.positionId}: количество точнее трёх знаков`;
    if (Math.round(item.itemPrice * item.quantity.value) !== item.itemAmount)
      return `Позиция ${item.positionId}: itemAmount не равен itemPrice × quantity`;
    const attributes = attributesProblem(item);
    if (attributes) return `Позиция ${item.positionId}: ${attributes}`;
  }
  const total = items.reduce((sum, item) => sum + item.itemAmount, 0);
  if (total !== amount) return `Сумма позиций корзины (${total}) не равна сумме заказа (${amount})`;
  return null;
}

/** register.do's `orderBundle` and `taxSystem` for an order of `amount` kopecks; null when the gateway takes them. */
export function checkOrderBundle(
  orderBundle: string,
  taxSystem: string | undefined,
  amount: number,
): CartRefusal | null {
  const parsed = bundleSchema.safeParse(parseJson(orderBundle));
  if (!parsed.success) return refusal(`Неверный формат корзины: ${parsed.error.issues[0]?.message ?? ''}`);
  if (taxSystem !== undefined && !/^[0-5]$/.test(taxSystem))
    return refusal('Неверная система налогообложения');
  const problem = itemsProblem(parsed.data.cartItems.items, amount);
  return problem ? refusal(problem) : null;
}

/** The order's cart as the gateway kept it (for a later refund's check), or null for an order without one. */
export function cartOf(orderBundle: string | undefined): CheckedItem[] | null {
  if (orderBundle === undefined) return null;
  const parsed = bundleSchema.safeParse(parseJson(orderBundle));
  return parsed.success ? parsed.data.cartItems.items : null;
}

/** The items of refund.do's `refundItems` text, or null when it is not one. */
function refundedItems(text: string): CheckedItem[] | null {
  const parsed = refundSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data.items : null;
}

/**
 * refund.do's `refundItems` for `amount` of an order registered with `cart`, after the order's `earlier` refunds
 * by positions (their `refundItems` texts): every position must be one of the order's (the same positionId, name
 * and itemCode), no more of it than was sold less what earlier refunds took, in quantity and in money (decision
 * 086), and they add up to the amount.
 */
export function checkRefundItems(
  refundItems: string,
  amount: number,
  cart: CheckedItem[] | null,
  earlier: readonly string[] = [],
): CartRefusal | null {
  if (!cart) return refusal('Заказ зарегистрирован без корзины');
  const parsed = refundSchema.safeParse(parseJson(refundItems));
  if (!parsed.success)
    return refusal(`Неверный формат корзины возврата: ${parsed.error.issues[0]?.message ?? ''}`);
  const before = earlier.flatMap((text) => refundedItems(text) ?? []);
  for (const item of parsed.data.items) {
    const sold = cart.find((line) => String(line.positionId) === String(item.positionId));
    if (!sold || sold.name !== item.name || sold.itemCode !== item.itemCode)
      return refusal(`Позиции ${item.positionId} нет в заказе`);
    const same = before.filter((done) => String(done.positionId) === String(item.positionId));
    const value = same.reduce((s, done) => s + Math.round(done.quantity.value * 1000), 0);
    const money = same.reduce((s, done) => s + done.itemAmount, 0);
    if (value + Math.round(item.quantity.value * 1000) > Math.round(sold.quantity.value * 1000))
      return refusal(`Позиция ${item.positionId}: возвращается больше, чем продано`);
    if (money + item.itemAmount > sold.itemAmount)
      return refusal(`Позиция ${item.positionId}: возвращается больше денег, чем за неё заплачено`);
  }
  const problem = itemsProblem(parsed.data.items, amount);
  return problem ? refusal(problem) : null;
}
