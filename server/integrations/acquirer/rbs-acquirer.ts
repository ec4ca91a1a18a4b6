import { AcquirerError, type Acquirer, type CardBindings } from './acquirer';
import { createRbsBindings } from './rbs-bindings';
import { createRbsClient, RbsGatewayError, type RbsAcquirerOptions } from './rbs-client';
import { toGatewayOrderNumber } from './rbs-formats';
import { refundItemsParam, registerCartParams } from './rbs-order-bundle';
import { createRbsRegistrations } from './rbs-registrations';

/**
 * The RBS gateway as our Acquirer: the calls are rbs-client.ts, registrations (shared with saved cards)
 * rbs-registrations.ts, saved cards rbs-bindings.ts; the orders' life (register, status, cancel, refund) here.
 */
export interface RbsAcquirer extends Acquirer {
  readonly name: 'rbs';
  readonly bindings: CardBindings;
}

export function createRbsAcquirer(options: RbsAcquirerOptions): RbsAcquirer {
  const client = createRbsClient(options);
  const { post, statusById, formHosts } = client;
  const registrations = createRbsRegistrations(client);
  const { registerOnce } = registrations;
  const bindings = createRbsBindings(client, registrations);

  return {
    name: 'rbs',
    formHosts,
    bindings,

    async registerOrder(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AcquirerError('bad amount');
      // Saving the card while paying is not offered (`createBinding` is ignored: cards are saved by their own
      // verification order); an order for a saved card is registered for its client (`clientId`).
      const number = toGatewayOrderNumber(input.orderNumber);
      const entry = await registerOnce(number, {
        amount: input.amount,
        method: input.method,
        description: input.description,
        returnUrl: input.returnUrl,
        clientId: input.clientId ?? null,
        verify: false,
        cart: input.receipt ? registerCartParams(input.receipt) : null,
      });
      if (entry.amount !== input.amount) {
        throw new AcquirerError(
          `rbs: order number already registered with another amount (${entry.order.orderId})`,
        );
      }
      return { ...entry.order };
    },

    async getOrderStatus(orderId) {
      return (await statusById(orderId)).status;
    },

    async cancelOrder(orderId) {
      const before = await statusById(orderId);
      // Only an order that has not taken money is touched: reverse.do would also undo a deposited (paid) payment.
      // Pre-authorised (1): reverse.do releases the hold. Registered or in 3-D Secure (0, 5): decline.do.
      const action =
        before.orderStatus === 1 ? 'reverse.do' : before.status.state === 'pending' ? 'decline.do' : null;
      if (!action) return before.status;
      try {
        await post(action, { orderId, language: 'ru' });
      } catch (error) {
        // Refused (the customer paid a moment ago, the gateway declined it itself, ...): the status below says.
        if (!(error instanceof RbsGatewayError)) throw error;
      }
      return (await statusById(orderId)).status;
    },

    async refund(orderId, amount, receipt) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new AcquirerError('bad amount');
      // An order registered with a cart is refunded with the refunded positions: the refund receipt's lines.
      const items: Record<string, string> = receipt ? { refundItems: refundItemsParam(receipt) } : {};
      await post('refund.do', { orderId, amount: String(amount), language: 'ru', ...items });
      return (await statusById(orderId)).status;
    },
  };
}
