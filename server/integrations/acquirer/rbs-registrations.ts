import { AcquirerError, type OrderStatus, type RegisteredOrder } from './acquirer';
import {
  DUPLICATE_ORDER_NUMBER,
  RbsGatewayError,
  registerAnswer,
  REMEMBERED_ORDERS,
  VERIFY,
  type RbsClient,
} from './rbs-client';
import { gatewayDescription } from './rbs-formats';

/**
 * What register.do is asked: a payment, a payment for a client's saved card (`clientId`), or a card-saving
 * verification order (`clientId` and `verify`).
 */
export interface Registration {
  amount: number;
  method: 'card' | 'sbp';
  description: string;
  returnUrl: string;
  clientId: string | null;
  verify: boolean;
  /** The receipt's cart (decision 080: the `gateway` mode), as register.do's `orderBundle` and `taxSystem`. */
  cart: { orderBundle: string; taxSystem: string } | null;
}

export interface Registered {
  amount: number;
  clientId: string | null;
  order: RegisteredOrder;
}

/**
 * register.do, once per gateway order number: payments and card-saving orders alike. The gateway answers an
 * order's page only when registering it, so a repeated registration is answered from memory or, for an order
 * another instance registered, from the gateway's status.
 */
export function createRbsRegistrations(client: RbsClient) {
  const { post, parse, statusByNumber, sbpPayload } = client;
  // Payment pages by gateway order number: the gateway answers an order's page only when registering it, so a
  // repeated registration (a retry, 50 identical calls at once) is answered from here. In-flight registrations
  // are shared, so concurrent calls make one register.do.
  const remembered = new Map<string, Registered>();
  const inFlight = new Map<string, Promise<Registered>>();
  let lastCardFormUrl: string | null = null;
  const remember = (number: string, entry: Registered) => {
    remembered.delete(number);
    remembered.set(number, entry);
    if (remembered.size > REMEMBERED_ORDERS) remembered.delete(remembered.keys().next().value!);
    return entry;
  };

  /** The page of an order registered before (by another instance, or before a restart). */
  async function pageOfExisting(existing: OrderStatus, method: 'card' | 'sbp', returnUrl: string) {
    if (method === 'sbp' && existing.state === 'pending') return sbpPayload(existing.orderId, returnUrl);
    if (method === 'card' && lastCardFormUrl) {
      // RBS pages are `<host>/payment/merchants/<merchant>/payment_ru.html?mdOrder=<orderId>`.
      const url = new URL(lastCardFormUrl);
      if (url.searchParams.has('mdOrder')) {
        url.searchParams.set('mdOrder', existing.orderId);
        return url.href;
      }
    }
    throw new AcquirerError(
      `rbs: order ${existing.orderId} was registered before, and its payment page is not known here; try again`,
    );
  }

  async function register(number: string, input: Registration): Promise<Registered> {
    try {
      const answer = await post('register.do', {
        orderNumber: number,
        amount: String(input.amount),
        currency: '643',
        returnUrl: input.returnUrl,
        failUrl: input.returnUrl,
        description: gatewayDescription(input.description),
        language: 'ru',
        // The client's order: their saved card may pay it. A card-saving order also verifies the card without
        // taking money, and saves it for this client.
        ...(input.clientId === null ? {} : { clientId: input.clientId }),
        ...(input.verify ? { features: VERIFY } : {}),
        // The gateway's fiscal partner issues the receipt from this cart once the order is paid.
        ...(input.cart ?? {}),
      });
      const { orderId, formUrl } = parse('register.do', registerAnswer, answer);
      if (input.method === 'card') lastCardFormUrl = formUrl;
      const page = input.method === 'sbp' ? await sbpPayload(orderId, input.returnUrl) : formUrl;
      return { amount: input.amount, clientId: input.clientId, order: { orderId, formUrl: page } };
    } catch (error) {
      if (!(error instanceof RbsGatewayError) || error.gatewayCode !== DUPLICATE_ORDER_NUMBER) throw error;
      // "Заказ с таким номером уже обработан": find that order; the same number for another sum is refused.
      const existing = await statusByNumber(number).catch((lookup: unknown) => {
        throw lookup instanceof RbsGatewayError ? error : lookup;
      });
      if (existing.status.amount !== input.amount) {
        throw new AcquirerError(
          `rbs: order number already registered with another amount (${existing.status.orderId})`,
        );
      }
      const page = await pageOfExisting(existing.status, input.method, input.returnUrl);
      return {
        amount: existing.status.amount,
        // The gateway names the client of a card-saving order in bindingInfo; without it, trust the number.
        clientId: existing.clientId ?? input.clientId,
        order: { orderId: existing.status.orderId, formUrl: page },
      };
    }
  }

  /** One registration per gateway number, however many calls ask at once. */
  async function registerOnce(number: string, input: Registration): Promise<Registered> {
    const known = remembered.get(number);
    if (known) return known;
    let pending = inFlight.get(number);
    if (!pending) {
      pending = register(number, input)
        .then((registered) => remember(number, registered))
        .finally(() => inFlight.delete(number));
      inFlight.set(number, pending);
    }
    return pending;
  }

  return { registerOnce };
}
