import { randomUUID } from 'node:crypto';

export interface RbsFakeOrder {
  orderId: string;
  orderNumber: string;
  /** Kopecks. */
  amount: number;
  refunded: number;
  currency: string;
  description: string;
  returnUrl: string;
  failUrl: string;
  clientId: string | null;
  /** RBS orderStatus: 0 registered, 1 pre-authorised, 2 deposited, 3 reversed, 4 refunded, 5 ACS, 6 declined. */
  orderStatus: number;
  actionCode: number;
  actionCodeDescription: string;
  qrId: string | null;
  /** `features` of register.do (`VERIFY`: a card check without money, which ends in orderStatus 3). */
  features: string[];
  /** The binding the order saved, and its card as the gateway shows it (`411111**1111`, YYYYMM). */
  bindingId: string | null;
  maskedPan: string | null;
  expiration: string | null;
  /** register.do's cart (decision 080) as it came, JSON text, and its `taxSystem`; null for an order without. */
  orderBundle: string | null;
  taxSystem: string | null;
  /** Each refund.do taken: its amount and its `refundItems` (JSON text), if any. */
  refunds: { amount: number; refundItems: string | null }[];
}

/** A card the gateway saved for a client. */
export interface RbsFakeBinding {
  bindingId: string;
  clientId: string;
  /** First 6 and last 4 digits, as RBS shows it: `411111**1111`. */
  maskedPan: string;
  /** YYYYMM. */
  expiryDate: string;
  /** false once unbound (unBindCard.do). */
  active: boolean;
}

/** The fake's test cards: one is accepted (and saved on a card-saving order), the other declined. */
export const RBS_TEST_CARDS = { success: '4111111111111111', declined: '4000000000000002' } as const;

/** The texts RBS gives for some action codes (actionCodeDescription). */
export const RBS_ACTION_CODES: Record<number, string> = {
  [-2007]: 'Истёк срок ожидания ввода данных',
  116: 'Недостаточно средств',
  2001: 'Карта заблокирована',
  2003: 'Операция отклонена банком-эмитентом',
};

export const MERCHANT_PAGE = '/payment/merchants/kopilka/payment_ru.html';

/** What the fake gateway keeps in memory, and the moves its API, its page and its test handles share. */
export type RbsFakeState = ReturnType<typeof createRbsFakeState>;

export function createRbsFakeState() {
  const orders = new Map<string, RbsFakeOrder>();
  const bindings = new Map<string, RbsFakeBinding>();
  const bindingFailures = new Map<string, number | '3ds' | 'silent'>();
  /** `http://127.0.0.1:<port>` once the server listens. */
  const at = { origin: '' };

  const findByNumber = (orderNumber: string) =>
    [...orders.values()].find((o) => o.orderNumber === orderNumber);
  const mustFind = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`rbs fake: no order ${orderId}`);
    return order;
  };
  const errorOf = (errorCode: number, errorMessage: string) => ({
    errorCode: String(errorCode),
    errorMessage,
  });
  const lookup = (params: Record<string, string>) =>
    params.orderId
      ? orders.get(params.orderId)
      : params.orderNumber
        ? findByNumber(params.orderNumber)
        : undefined;

  /** Saves the card for the order's client (the same card again keeps its binding) and completes the order. */
  const bindCard = (order: RbsFakeOrder, card: { pan: string; expiry: string }) => {
    const digits = card.pan.replace(/\D/g, '');
    const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry.trim());
    if (!order.clientId) throw new Error(`rbs fake: order ${order.orderId} has no clientId`);
    if (order.orderStatus !== 0 && order.orderStatus !== 5)
      throw new Error(`rbs fake: order ${order.orderId} is not waiting for a card`);
    if (!/^\d{13,19}$/.test(digits) || !expiry) throw new Error('rbs fake: a card is 13-19 digits and MM/YY');
    const maskedPan = `${digits.slice(0, 6)}**${digits.slice(-4)}`;
    const expiryDate = `20${expiry[2]}${expiry[1]}`;
    let binding = [...bindings.values()].find(
      (b) => b.active && b.clientId === order.clientId && b.maskedPan === maskedPan,
    );
    if (binding) binding.expiryDate = expiryDate;
    else {
      binding = { bindingId: randomUUID(), clientId: order.clientId, maskedPan, expiryDate, active: true };
      bindings.set(binding.bindingId, binding);
    }
    Object.assign(order, {
      orderStatus: order.features.includes('VERIFY') ? 3 : 2,
      actionCode: 0,
      actionCodeDescription: '',
      bindingId: binding.bindingId,
      maskedPan,
      expiration: expiryDate,
    });
    return binding;
  };

  const setDeclined = (order: RbsFakeOrder, actionCode: number) => {
    order.orderStatus = 6;
    order.actionCode = actionCode;
    order.actionCodeDescription = RBS_ACTION_CODES[actionCode] ?? 'Операция отклонена';
  };

  return {
    orders,
    bindings,
    bindingFailures,
    at,
    findByNumber,
    mustFind,
    errorOf,
    lookup,
    bindCard,
    setDeclined,
  };
}
