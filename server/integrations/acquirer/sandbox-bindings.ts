import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { sandboxBindings } from '#server/db/schema/bindings';
import { sandboxOrders } from '#server/db/schema/payments';
import { AcquirerError, type CardBindings, type GatewayCard } from './acquirer';
import { SANDBOX_CARDS, statusOf, type SandboxOrderStore } from './sandbox-orders';

/** A wallet token as `sandboxWalletToken` (sandbox-acquirer.ts) writes it, or null: declined. */
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

/** A card-saving order (no money), once per request: the same request answers the same order and page. */
async function registerBindingOrder(
  deps: { db: Db; clock: Clock },
  origin: URL,
  { clientId, requestId, returnUrl }: { clientId: string; requestId: string; returnUrl: string },
) {
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
  const [row] = await deps.db.select().from(sandboxOrders).where(eq(sandboxOrders.orderNumber, orderNumber));
  if (!row || row.clientId !== clientId) throw new AcquirerError('sandbox: binding request reused');
  return { orderId: row.id, formUrl: `${origin.origin}/sandbox/pay/${row.id}` };
}

/**
 * The sandbox's saved cards: a card-saving order's page saves its card, a saved card pays an order at once,
 * a wallet token saves a card without a page.
 */
export function createSandboxBindings(
  deps: { db: Db; clock: Clock },
  { mustLoad, move }: SandboxOrderStore,
  origin: URL,
): CardBindings {
  const cardOf = (card: typeof sandboxBindings.$inferSelect): GatewayCard => ({
    bindingId: card.id,
    last4: card.panLast4,
    expiry: card.expiry,
    active: card.removedAt === null,
  });
  return {
    registerBinding: (input) => registerBindingOrder(deps, origin, input),
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
}
