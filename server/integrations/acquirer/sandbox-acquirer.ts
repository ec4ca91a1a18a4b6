import { eq } from 'drizzle-orm';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { sandboxOrders } from '#server/db/schema/payments';
import type { GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import { AcquirerError, type Acquirer } from './acquirer';
import { cartOf, checkOrderBundle, checkRefundItems } from './rbs-bundle-check';
import { cartItemsOf, refundItemsParam, registerCartParams } from './rbs-order-bundle';
import { createSandboxBindings } from './sandbox-bindings';
import { SANDBOX_CARDS, createSandboxOrderStore, statusOf, type OrderRow } from './sandbox-orders';

/**
 * The sandbox's wallet tokens (Google Pay / Apple Pay stand-ins): base64 of `{"sandbox":"approved","last4",
 * "expiry"}` saves that card; any other token is declined, as a gateway declines a token it cannot decrypt.
 */
export function sandboxWalletToken(last4 = '4242', approved = true, expiry = '12/30'): string {
  return Buffer.from(JSON.stringify({ sandbox: approved ? 'approved' : 'declined', last4, expiry })).toString(
    'base64',
  );
}

/**
 * The built-in acquirer, the default: it behaves like a bank gateway (idempotent registration, a hosted card
 * page and an SBP page served by this server at /sandbox/..., status asked for separately) but moves no real
 * money. Its orders live in the database so every instance sees them.
 */
export function createSandboxAcquirer(deps: { db: Db; clock: Clock; publicUrl: string }): SandboxAcquirer {
  const origin = new URL(deps.publicUrl);
  const store = createSandboxOrderStore(deps);
  const { load, mustLoad, move, saveCard } = store;
  const bindings = createSandboxBindings(deps, store, origin);
  return {
    name: 'sandbox',
    bindings,
    formHosts: [origin.host],
    async registerOrder(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AcquirerError('bad amount');
      if (input.receipt) refuseBadCart(input.receipt, input.amount);
      const now = deps.clock.now();
      await deps.db
        .insert(sandboxOrders)
        .values({
          orderNumber: input.orderNumber,
          amount: input.amount,
          method: input.method,
          description: input.description.slice(0, 200),
          returnUrl: input.returnUrl,
          status: 'registered',
          bindingRequested: input.createBinding,
          cart: input.receipt ? registerCartParams(input.receipt).orderBundle : null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: sandboxOrders.orderNumber });
      const [row] = await deps.db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.orderNumber, input.orderNumber));
      if (!row) throw new AcquirerError('sandbox: order vanished after registration');
      if (row.amount !== input.amount)
        throw new AcquirerError('sandbox: order number reused with another amount');
      const path = row.method === 'sbp' ? 'sbp' : 'pay';
      return { orderId: row.id, formUrl: `${origin.origin}/sandbox/${path}/${row.id}` };
    },
    async getOrderStatus(orderId) {
      return statusOf(await mustLoad(orderId));
    },
    async cancelOrder(orderId) {
      return statusOf(await move(orderId, 'registered', 'cancelled'));
    },
    async refund(orderId, amount, receipt) {
      const row = await mustLoad(orderId);
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new AcquirerError('bad amount');
      const items = receipt ? refuseBadRefund(row, receipt, amount) : undefined;
      // A whole refund asked again answers the refunded order (the sandbox always did); a part is added once.
      if (amount === row.amount && row.refundedAmount === row.amount) return statusOf(row);
      return statusOf(await store.refundPart(orderId, amount, items));
    },
    findOrder: (orderId) => load(deps.db, orderId),
    async payByCard(orderId, pan, expiry = null) {
      const digits = pan.replace(/\D/g, '');
      if (digits === SANDBOX_CARDS.success) {
        const row = await move(orderId, 'registered', 'paid', { panLast4: digits.slice(-4) });
        if (row.clientId && !row.bindingId) await saveCard(row, digits.slice(-4), expiry);
        return mustLoad(orderId);
      }
      const errorCode = digits === SANDBOX_CARDS.declined ? 'DECLINED' : 'UNKNOWN_CARD';
      return move(orderId, 'registered', 'declined', { errorCode });
    },
    async answerSbp(orderId, confirm) {
      return confirm
        ? move(orderId, 'registered', 'paid')
        : move(orderId, 'registered', 'declined', { errorCode: 'SBP_REJECTED' });
    },
  };
}

/**
 * The sandbox takes the gateway mode's cart as an RBS gateway does (decision 080): the demo's `gateway` mode runs
 * on it, and a cart that does not add up is refused here as the bank would refuse it.
 */
function refuseBadCart(receipt: GatewayReceipt, amount: number) {
  const { orderBundle, taxSystem } = registerCartParams(receipt);
  const refused = checkOrderBundle(orderBundle, taxSystem, amount);
  if (refused) throw new AcquirerError(`sandbox: ${refused.errorMessage}`);
}

/**
 * A refund's positions checked against the order's cart as registered and its earlier refunds (decision 086); an
 * order registered before the sandbox kept carts is checked against the receipt's own. Answers the items' text.
 */
function refuseBadRefund(row: OrderRow, receipt: GatewayReceipt, amount: number): string {
  const items = refundItemsParam(receipt);
  const cart = row.cart === null ? cartItemsOf(receipt) : cartOf(row.cart);
  const refused = checkRefundItems(items, amount, cart, row.refundItems);
  if (refused) throw new AcquirerError(`sandbox: ${refused.errorMessage}`);
  return items;
}

export interface SandboxAcquirer extends Acquirer {
  /** The hosted pages' view of an order (null for an unknown id). */
  findOrder(orderId: string): Promise<OrderRow | null>;
  /** The hosted card page's button: the test card pays, any other card is declined. Only a `registered` order moves. */
  payByCard(orderId: string, pan: string, expiry?: string | null): Promise<OrderRow>;
  /** The SBP page's buttons. */
  answerSbp(orderId: string, confirm: boolean): Promise<OrderRow>;
}

export function isSandboxAcquirer(acquirer: Acquirer): acquirer is SandboxAcquirer {
  return acquirer.name === 'sandbox' && 'payByCard' in acquirer;
}
