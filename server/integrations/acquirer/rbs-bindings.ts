import type { z } from 'zod';
import { AcquirerError, type CardBindings, type GatewayCard } from './acquirer';
import {
  BINDING_DESCRIPTION,
  BINDING_STATE,
  bindingsAnswer,
  bindingStatusAnswer,
  NO_BINDINGS,
  RbsGatewayError,
  REMEMBERED_ORDERS,
  STATE_OF,
  type RbsClient,
} from './rbs-client';
import { BINDING_ORDER_PREFIX, lastFour, toBindingOrderNumber, toExpiry } from './rbs-formats';
import type { createRbsRegistrations } from './rbs-registrations';

/** The client's bindings; `showExpired` adds those whose card has expired. */
async function bindingsOfClient(
  { post, parse }: RbsClient,
  clientId: string,
  showExpired: boolean,
): Promise<GatewayCard[]> {
  const method = 'getBindings.do';
  let answer: Record<string, unknown>;
  try {
    answer = await post(method, {
      clientId,
      // C: an ordinary binding (not a recurrent or an instalment one), what a card-saving order makes.
      bindingType: 'C',
      showExpired: String(showExpired),
      language: 'ru',
    });
  } catch (error) {
    // "Информация не найдена": no bindings at all.
    if (error instanceof RbsGatewayError && error.gatewayCode === NO_BINDINGS) return [];
    throw error;
  }
  return parse(method, bindingsAnswer, answer).bindings.map((binding) => ({
    bindingId: binding.bindingId,
    last4: lastFour(binding.maskedPan) ?? '',
    expiry: toExpiry(binding.expiryDate),
    active: true,
  }));
}

/** A card-saving order's outcome: the card once the gateway names its binding, pending, or failed. */
function bindingResultOf(
  method: string,
  answer: z.output<typeof bindingStatusAnswer>,
): Awaited<ReturnType<CardBindings['bindingResult']>> {
  const orderStatus = answer.orderStatus ?? 0;
  if (!STATE_OF[orderStatus]) throw new AcquirerError(`rbs ${method}: unknown orderStatus ${orderStatus}`);
  const bindingId = answer.bindingInfo?.bindingId;
  // A verified order moves to 3 (REVERSED); 1 and 2 are read the same way should an installation hold or
  // deposit the zero amount. The card counts once the gateway names its binding.
  if (bindingId && (orderStatus === 1 || orderStatus === 2 || orderStatus === 3)) {
    const card = answer.cardAuthInfo;
    const last4 = lastFour(card?.maskedPan ?? card?.pan);
    return {
      state: 'bound',
      card: last4 ? { bindingId, last4, expiry: toExpiry(card?.expiration), active: true } : null,
    };
  }
  // Registered, in 3-D Secure, or held without a binding yet: the customer is still on the page.
  if (orderStatus === 0 || orderStatus === 5 || orderStatus === 1) return { state: 'pending', card: null };
  // Declined (6), or reversed / deposited without a binding: nothing was saved.
  return { state: 'failed', card: null };
}

/**
 * Saved cards at RBS (docs/decisions/016-saved-bank-cards.md "RBS", 022): a card is saved by a verification
 * order for its client (register.do with `features=VERIFY`), listed by getBindings.do, charged for a client's
 * order by paymentOrderBinding.do and removed by unBindCard.do.
 */
export function createRbsBindings(
  client: RbsClient,
  { registerOnce }: ReturnType<typeof createRbsRegistrations>,
): CardBindings {
  const { post, parse, statusById } = client;
  const bindingsOf = (clientId: string, showExpired: boolean) =>
    bindingsOfClient(client, clientId, showExpired);
  // Bindings this instance removed, per client: RBS lists only active bindings, so a second removal of the same
  // card (a double click, a retry after a lost answer) is recognised here and answered as done.
  const unbound = new Set<string>();
  const unboundKey = (clientId: string, bindingId: string) => JSON.stringify([clientId, bindingId]);

  return {
    async registerBinding({ clientId, requestId, returnUrl }) {
      if (!clientId || clientId.length > 255) throw new AcquirerError('rbs: bad client id');
      const number = toBindingOrderNumber(requestId);
      const entry = await registerOnce(number, {
        amount: 0,
        method: 'card',
        description: BINDING_DESCRIPTION,
        returnUrl,
        clientId,
        verify: true,
        cart: null,
      });
      if (entry.clientId !== clientId) throw new AcquirerError('rbs: binding request reused');
      return { ...entry.order };
    },

    async bindingResult(orderId) {
      const method = 'getOrderStatusExtended.do';
      const answer = parse(method, bindingStatusAnswer, await post(method, { orderId, language: 'ru' }));
      if (!answer.orderNumber.startsWith(BINDING_ORDER_PREFIX)) {
        throw new AcquirerError(`rbs: order ${orderId} is not a card-saving order`);
      }
      return bindingResultOf(method, answer);
    },

    listCards: (clientId) => bindingsOf(clientId, false),

    async payWithBinding({ orderId, clientId, bindingId }) {
      // paymentOrderBinding.do charges any binding on an order of its client; ours must be this customer's.
      const own = (await bindingsOf(clientId, false)).some((card) => card.bindingId === bindingId);
      if (!own) throw new AcquirerError("rbs: the saved card is not this client's");
      const method = 'paymentOrderBinding.do';
      try {
        // No `cvc`: a merchant allowed to charge bindings without it (the till, a saved card on the payment
        // page) is the case here. An answer naming `acsUrl` wants 3-D Secure: nobody is at a page to answer it,
        // so the order stays pending and the caller cancels it.
        await post(method, { mdOrder: orderId, bindingId, language: 'ru' });
      } catch (error) {
        // A decline (errorCode 2, "Заказ отклонён..."), an order already paid or cancelled: the status says.
        if (!(error instanceof RbsGatewayError)) throw error;
      }
      return (await statusById(orderId)).status;
    },

    async unbind(clientId, bindingId) {
      // unBindCard.do takes any binding of the merchant: it is called only for one this client holds.
      const own = (await bindingsOf(clientId, true)).some((card) => card.bindingId === bindingId);
      if (!own) return unbound.has(unboundKey(clientId, bindingId));
      try {
        await post('unBindCard.do', { bindingId, language: 'ru' });
      } catch (error) {
        // Already inactive: a concurrent removal got there first.
        if (!(error instanceof RbsGatewayError) || error.gatewayCode !== BINDING_STATE) throw error;
      }
      unbound.add(unboundKey(clientId, bindingId));
      if (unbound.size > REMEMBERED_ORDERS) unbound.delete(unbound.values().next().value!);
      return true;
    },
  };
}
