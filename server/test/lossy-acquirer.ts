import { AcquirerError, type Acquirer } from '#server/integrations/acquirer/acquirer';

/** What a lossy acquirer loses (the tests flip it between calls). */
export interface Loss {
  refund: boolean;
  statusAfter: boolean;
  /** The refund never reaches the bank (and says nothing): a bank that may still apply it later, or never. */
  dropRefund?: boolean;
  /** The status says no refunded total, as some gateways' answers do. */
  hideTotal?: boolean;
}

/**
 * An acquirer whose refunds go through at the bank but whose answers are lost while `lose.refund` is set, and,
 * with `lose.statusAfter`, the status asked right after such a refund too.
 */
export function lossy(inner: Acquirer, lose: Loss): Acquirer {
  let statusLost = false;
  return {
    ...inner,
    name: inner.name,
    formHosts: inner.formHosts,
    bindings: inner.bindings,
    registerOrder: (input) => inner.registerOrder(input),
    cancelOrder: (orderId) => inner.cancelOrder(orderId),
    async getOrderStatus(orderId) {
      if (statusLost) {
        statusLost = false;
        throw new AcquirerError('rbs getOrderStatusExtended.do: no answer');
      }
      const status = await inner.getOrderStatus(orderId);
      return lose.hideTotal ? { ...status, refundedAmount: null } : status;
    },
    async refund(orderId, amount, receipt) {
      if (lose.dropRefund) throw new AcquirerError('rbs refund.do: no answer');
      const status = await inner.refund(orderId, amount, receipt);
      if (!lose.refund) return status;
      statusLost = lose.statusAfter;
      throw new AcquirerError('rbs refund.do: no answer');
    },
  };
}
