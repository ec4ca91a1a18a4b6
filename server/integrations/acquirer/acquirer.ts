import type { GatewayReceipt } from '#server/core/fiscal/gateway-sale';

/**
 * A card and SBP acquirer in the shape of the common Russian bank gateways (RBS: register.do,
 * getOrderStatusExtended.do, refund.do): register an order, send the customer to its hosted page, then ask
 * for the order's status. A payment counts only once `getOrderStatus` says paid and the amount and order
 * number match (docs/decisions/009-payments-drafts-and-acquirer.md). Amounts are kopecks.
 */
export interface Acquirer {
  /** 'sandbox', 'rbs': stored with each order so a draft is always asked of the gateway that holds it. */
  readonly name: string;
  /** Hosts a `formUrl` may point at; anything else is refused before a customer is sent there. */
  readonly formHosts: readonly string[];
  /**
   * Registers an order for `orderNumber` (our draft id). Idempotent: registering the same number again
   * answers the same order (and refuses a different amount).
   */
  registerOrder(input: RegisterOrderInput): Promise<RegisteredOrder>;
  getOrderStatus(orderId: string): Promise<OrderStatus>;
  /**
   * Stops an unpaid order from being paid (the hold behind it is expiring). Answers the final status: a
   * payment that got there first stays `paid` and must be honoured.
   */
  cancelOrder(orderId: string): Promise<OrderStatus>;
  /**
   * Returns `amount` of a paid order to the card, the whole or a part (several parts add up to at most the
   * order's amount); with `receipt` (the `gateway` mode, decision 080), the refunded
   * positions, from which the gateway's fiscal partner issues the refund receipt.
   */
  refund(orderId: string, amount: number, receipt?: GatewayReceipt): Promise<OrderStatus>;
  /** Saved cards, when the gateway offers them (docs/decisions/016-saved-bank-cards.md). */
  readonly bindings?: CardBindings;
}

/** A card the gateway saved for a client: never more than its last 4 digits. */
export interface GatewayCard {
  bindingId: string;
  last4: string;
  /** 'MM/YY', when known. */
  expiry: string | null;
  active: boolean;
}

export interface CardBindings {
  /**
   * Registers a verification order (no money taken) whose hosted page saves the card for `clientId`.
   * Idempotent per `requestId`: the same request answers the same order.
   */
  registerBinding(input: {
    clientId: string;
    requestId: string;
    returnUrl: string;
  }): Promise<RegisteredOrder>;
  /** How the order ended; `card` once the page saved one. */
  bindingResult(
    orderId: string,
  ): Promise<{ state: 'pending' | 'bound' | 'failed'; card: GatewayCard | null }>;
  listCards(clientId: string): Promise<GatewayCard[]>;
  /** Removes the client's card: true when it is (now, or already) removed, false when the client never had it. */
  unbind(clientId: string, bindingId: string): Promise<boolean>;
  /**
   * Pays a registered order with the client's saved card (no page: the gateway charges the card it keeps) and
   * answers the order's status afterwards: `paid`, `declined`, or `pending` when the gateway wants more (3-D
   * Secure with nobody at a page to answer it). Charging an order twice is the gateway's to refuse.
   */
  payWithBinding?(input: { orderId: string; clientId: string; bindingId: string }): Promise<OrderStatus>;
  /**
   * Saves the card behind a Google Pay or Apple Pay token, when the gateway takes wallet tokens. Answers the
   * card, or null when the gateway declined the token.
   */
  /**
   * The parameters a browser needs to ask Google Pay for a token this gateway decrypts (Payment Request API),
   * when the gateway takes Google Pay tokens and the merchant is registered. None does yet (docs/decisions/022).
   */
  readonly googlePay?: {
    environment: 'TEST' | 'PRODUCTION';
    merchantId: string;
    merchantName: string;
    gateway: string;
    gatewayMerchantId: string;
  };
  bindWalletToken?(input: {
    clientId: string;
    wallet: 'google' | 'apple';
    token: string;
  }): Promise<GatewayCard | null>;
}

export interface RegisterOrderInput {
  orderNumber: string;
  /** Kopecks, positive. */
  amount: number;
  method: 'card' | 'sbp';
  description: string;
  /** Where the hosted page sends the customer back (our own origin). */
  returnUrl: string;
  /** Save the card on the hosted page. */
  createBinding: boolean;
  /**
   * The customer, for an order their saved card will pay (`payWithBinding`): gateways such as RBS charge a
   * binding only on an order registered for the binding's client. Left out for a payment on the hosted page.
   */
  clientId?: string;
  /**
   * The receipt the gateway's fiscal partner issues once the order is paid (the brand's `gateway` mode, decision
   * 080): its cart must add up to `amount`. Left out in the other modes.
   */
  receipt?: GatewayReceipt;
}

export interface RegisteredOrder {
  orderId: string;
  /** The hosted card page, or for SBP the QR payload link. */
  formUrl: string;
}

export type OrderState = 'pending' | 'paid' | 'declined' | 'cancelled' | 'refunded';

export interface OrderStatus {
  orderId: string;
  orderNumber: string;
  /** Kopecks. */
  amount: number;
  state: OrderState;
  /**
   * Kopecks returned to the card so far, over all of the order's refunds (RBS `paymentAmountInfo.refundedAmount`):
   * a partial refund whose answer was lost is found here before it is asked again (decision 063). Null when the
   * gateway does not say: never read as 0.
   */
  refundedAmount: number | null;
  /** The gateway's reason for a decline. */
  errorCode: string | null;
  errorMessage: string | null;
}

export class AcquirerError extends Error {}

/** Whether `url` is an https (or, for a local sandbox, http) address on one of `hosts`. */
export function isAllowedFormUrl(url: string, hosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  return hosts.includes(parsed.host);
}
