import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { sandboxBindings } from '../../db/schema/bindings';
import { sandboxOrders } from '../../db/schema/payments';
import {
  AcquirerError,
  type Acquirer,
  type CardBindings,
  type GatewayCard,
  type OrderState,
  type OrderStatus,
} from './acquirer';

/** The sandbox's test cards (docs/design/product.md "Payments"). Any other number is declined as unknown. */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
} as const;

/**
 * The sandbox's wallet tokens (Google Pay / Apple Pay stand-ins): base64 of `{"sandbox":"approved","last4",
 * "expiry"}` saves that card; any other token is declined, as a gateway declines a token it cannot decrypt.
 */
export function sandboxWalletToken(last4 = '4242', approved = true, expiry = '12/30'): string {
  return Buffer.from(JSON.stringify({ sandbox: approved ? 'approved' : 'declined', last4, expiry })).toString(
    'base64',
  );
}

function readWalletToken(token: string): { last4: string; expiry: string | null } | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Record<string, unknown>;
    if (parsed.sandbox !== 'approved' || typeof parsed.last4 !== 'string' || !/^\d{4}$/.test(parsed.last4)) {
      return null;
    }
    const expiry =
      typeof parsed.expiry === 'string' && /^\d{2}\/\d{2}$/.test(parsed.expiry) ? parsed.expiry : null;
    return { last4: parsed.last4, expiry };
  } catch {
    return null;
  }
}

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
  const cardOf = (card: typeof sandboxBindings.$inferSelect): GatewayCard => ({
    bindingId: card.id,
    last4: card.panLast4,
    expiry: card.expiry,
    active: card.removedAt === null,
  });
  const bindings: CardBindings = {
    async registerBinding({ clientId, requestId, returnUrl }) {
      const now = deps.clock.now();
      const orderNumber = `bind-${requestId}`;
      await deps.db
        .insert(sandboxOrders)
        .values({
          orderNumber,
          amount: 0,
          method: 'card',
          description: 'Привязка карты',
          returnUrl,
          status: 'registered',
          bindingRequested: true,
          clientId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: sandboxOrders.orderNumber });
      const [row] = await deps.db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.orderNumber, orderNumber));
      if (!row || row.clientId !== clientId) throw new AcquirerError('sandbox: binding request reused');
      return { orderId: row.id, formUrl: `${origin.origin}/sandbox/pay/${row.id}` };
    },
    async bindingResult(orderId) {
      const row = await mustLoad(orderId);
      if (row.status === 'registered') return { state: 'pending', card: null };
      if (row.status !== 'paid' || !row.bindingId) return { state: 'failed', card: null };
      const [card] = await deps.db
        .select()
        .from(sandboxBindings)
        .where(eq(sandboxBindings.id, row.bindingId));
      return { state: 'bound', card: card ? cardOf(card) : null };
    },
    async listCards(clientId) {
      const rows = await deps.db
        .select()
        .from(sandboxBindings)
        .where(and(eq(sandboxBindings.clientId, clientId), isNull(sandboxBindings.removedAt)))
        .orderBy(desc(sandboxBindings.createdAt));
      return rows.map(cardOf);
    },
    async payWithBinding({ orderId, clientId, bindingId }) {
      const [card] = /^[0-9a-f-]{36}$/.test(bindingId)
        ? await deps.db
            .select()
            .from(sandboxBindings)
            .where(
              and(
                eq(sandboxBindings.id, bindingId),
                eq(sandboxBindings.clientId, clientId),
                isNull(sandboxBindings.removedAt),
              ),
            )
        : [];
      if (!card) throw new AcquirerError('sandbox: no such saved card');
      // A saved card ending like the declined test card (only a sandbox wallet token can save one) is declined,
      // so a decline can be tried end to end.
      if (card.panLast4 === SANDBOX_CARDS.declined.slice(-4)) {
        return statusOf(await move(orderId, 'registered', 'declined', { errorCode: 'DECLINED' }));
      }
      return statusOf(await move(orderId, 'registered', 'paid', { panLast4: card.panLast4 }));
    },
    async bindWalletToken({ clientId, token }) {
      const card = readWalletToken(token);
      if (!card) return null;
      const [row] = await deps.db
        .insert(sandboxBindings)
        .values({ clientId, panLast4: card.last4, expiry: card.expiry, createdAt: deps.clock.now() })
        .returning();
      return cardOf(row!);
    },
    async unbind(clientId, bindingId) {
      if (!/^[0-9a-f-]{36}$/.test(bindingId)) return false;
      const [card] = await deps.db
        .select()
        .from(sandboxBindings)
        .where(and(eq(sandboxBindings.id, bindingId), eq(sandboxBindings.clientId, clientId)));
      if (!card) return false;
      await deps.db
        .update(sandboxBindings)
        .set({ removedAt: deps.clock.now() })
        .where(and(eq(sandboxBindings.id, bindingId), isNull(sandboxBindings.removedAt)));
      return true;
    },
  };
  return {
    name: 'sandbox',
    bindings,
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
