import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { sandboxBindings } from '#server/db/schema/bindings';
import { sandboxOrders } from '#server/db/schema/payments';
import { AcquirerError, type OrderState, type OrderStatus } from './acquirer';

/** The sandbox's test cards (docs/design/product.md "Payments"). Any other number is declined as unknown. */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
} as const;

export type OrderRow = typeof sandboxOrders.$inferSelect;

const STATE_OF: Record<OrderRow['status'], OrderState> = {
  registered: 'pending',
  paid: 'paid',
  declined: 'declined',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export function statusOf(row: OrderRow): OrderStatus {
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    amount: row.amount,
    state: STATE_OF[row.status],
    refundedAmount: row.refundedAmount,
    errorCode: row.errorCode,
    errorMessage: row.errorCode ? (DECLINE_MESSAGES[row.errorCode] ?? 'Платёж отклонён банком') : null,
  };
}

export const DECLINE_MESSAGES: Record<string, string> = {
  DECLINED: 'Банк отклонил платёж',
  UNKNOWN_CARD: 'Карта не принята: в песочнице работают только тестовые карты',
  SBP_REJECTED: 'Платёж отклонён в приложении банка',
};

/** The sandbox's orders in the database: read one, move it from one status to the next, save its card. */
export function createSandboxOrderStore(deps: { db: Db; clock: Clock }) {
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
  /**
   * A refund of `amount`, whole or a part, by one conditional update: only a paid order, and never past its
   * amount in all (a second refund of what is left is refused, as a bank refuses it); a part by positions keeps
   * its `refundItems` for the next part's check (decision 086).
   */
  const refundPart = async (orderId: string, amount: number, refundItems?: string) => {
    const [moved] = await deps.db
      .update(sandboxOrders)
      .set({
        status: 'refunded',
        refundedAmount: sql`${sandboxOrders.refundedAmount} + ${amount}`,
        ...(refundItems !== undefined && {
          refundItems: sql`${sandboxOrders.refundItems} || jsonb_build_array(${refundItems}::text)`,
        }),
        updatedAt: deps.clock.now(),
      })
      .where(
        and(
          eq(sandboxOrders.id, orderId),
          inArray(sandboxOrders.status, ['paid', 'refunded']),
          sql`${sandboxOrders.refundedAmount} + ${amount} <= ${sandboxOrders.amount}`,
        ),
      )
      .returning();
    if (!moved) throw new AcquirerError('sandbox: the order is not paid, or the refund exceeds what is left');
    return moved;
  };
  /** The card-saving order's card, saved once (the order's conditional update makes a second save a no-op). */
  const saveCard = async (row: OrderRow, last4: string, expiry: string | null) => {
    const [card] = await deps.db
      .insert(sandboxBindings)
      .values({ clientId: row.clientId!, panLast4: last4, expiry, createdAt: deps.clock.now() })
      .returning();
    const [linked] = await deps.db
      .update(sandboxOrders)
      .set({ bindingId: card!.id })
      .where(and(eq(sandboxOrders.id, row.id), isNull(sandboxOrders.bindingId)))
      .returning();
    if (!linked) await deps.db.delete(sandboxBindings).where(eq(sandboxBindings.id, card!.id));
  };
  return { load, mustLoad, move, refundPart, saveCard };
}

export type SandboxOrderStore = ReturnType<typeof createSandboxOrderStore>;
