import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../app-deps';
import type { Db } from '../../db/client';
import { sandboxOrders } from '../../db/schema/payments';
import { AcquirerError, type Acquirer, type OrderState, type OrderStatus } from './acquirer';

/** The sandbox's test cards (product.md "Payments"). Any other number is declined as unknown. */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
} as const;

type OrderRow = typeof sandboxOrders.$inferSelect;

const STATE_OF: Record<OrderRow['status'], OrderState> = {
  registered: 'pending',
  paid: 'paid',
  declined: 'declined',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

function statusOf(row: OrderRow): OrderStatus {
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    amount: row.amount,
    state: STATE_OF[row.status],
    errorCode: row.errorCode,
    errorMessage: row.errorCode ? (DECLINE_MESSAGES[row.errorCode] ?? 'Платёж отклонён банком') : null,
  };
}

export const DECLINE_MESSAGES: Record<string, string> = {
  DECLINED: 'Банк отклонил платёж',
  UNKNOWN_CARD: 'Карта не принята: в песочнице работают только тестовые карты',
  SBP_REJECTED: 'Платёж отклонён в приложении банка',
};

/**
 * The built-in acquirer, the default: it behaves like a bank gateway (idempotent registration, a hosted card
 * page and an SBP page served by this server at /sandbox/..., status asked for separately) but moves no real
 * money. Its orders live in the database so every instance sees them.
 */
export function createSandboxAcquirer(deps: { db: Db; clock: Clock; publicUrl: string }): SandboxAcquirer {
  const origin = new URL(deps.publicUrl);
  const load = async (db: Db, orderId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(orderId)) return null;
    const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
    return row ?? null;
  };
  const mustLoad = async (orderId: string) => {
    const row = await load(deps.db, orderId);
    if (!row) throw new AcquirerError('sandbox: no such order');
    return row;
  };
  /** One conditional update: an order leaves `from` at most once. */
  const move = async (
    orderId: string,
    from: OrderRow['status'],
    to: OrderRow['status'],
    extra: Partial<Pick<OrderRow, 'errorCode' | 'panLast4'>> = {},
  ) => {
    await deps.db
      .update(sandboxOrders)
      .set({ status: to, updatedAt: deps.clock.now(), ...extra })
      .where(and(eq(sandboxOrders.id, orderId), eq(sandboxOrders.status, from)));
    return mustLoad(orderId);
  };
  return {
    name: 'sandbox',
    formHosts: [origin.host],
    async registerOrder(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AcquirerError('bad amount');
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
    async refund(orderId, amount) {
      const row = await mustLoad(orderId);
      if (amount !== row.amount) throw new AcquirerError('sandbox: only whole refunds');
      return statusOf(await move(orderId, 'paid', 'refunded'));
    },
    findOrder: (orderId) => load(deps.db, orderId),
    async payByCard(orderId, pan) {
      const digits = pan.replace(/\D/g, '');
      if (digits === SANDBOX_CARDS.success)
        return move(orderId, 'registered', 'paid', { panLast4: digits.slice(-4) });
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

export interface SandboxAcquirer extends Acquirer {
  /** The hosted pages' view of an order (null for an unknown id). */
  findOrder(orderId: string): Promise<OrderRow | null>;
  /** The hosted card page's button: the test card pays, any other card is declined. Only a `registered` order moves. */
  payByCard(orderId: string, pan: string): Promise<OrderRow>;
  /** The SBP page's buttons. */
  answerSbp(orderId: string, confirm: boolean): Promise<OrderRow>;
}

export function isSandboxAcquirer(acquirer: Acquirer): acquirer is SandboxAcquirer {
  return acquirer.name === 'sandbox' && 'payByCard' in acquirer;
}
