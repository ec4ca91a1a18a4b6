import { BINDING_CONFIRM_MINUTES } from '#common/contract/codes';
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type SavedCard } from '#common/contract/bindings';
import type { AppDeps } from '#server/app-deps';
import { requireFreshConfirmation as requireFresh } from '#server/core/fresh-confirmation';
import { bindingRequests } from '#server/db/schema/bindings';
import { AppError, notFound } from '#server/errors';
import type { CardBindings, GatewayCard } from '#server/integrations/acquirer/acquirer';
import type { AuthUser } from '#server/lib/callers';
import { checkReturnUrl } from '#server/lib/return-url';

/**
 * Saved bank cards (docs/decisions/016-saved-bank-cards.md): the gateway keeps the cards, keyed by our
 * customer id as its client id; `binding_requests` ties each card-saving order to the customer who asked.
 */
export type BindingDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'acquirer'>;

/** Spec section 8: card list, bind and unbind failures all show this text. */
export const BINDING_FAILURE = 'Что-то пошло не так. Пожалуйста, обновите страницу.';

function gateway(deps: BindingDeps): CardBindings {
  const bindings = deps.acquirer.bindings;
  if (!bindings) throw new AppError('BANK_UNAVAILABLE', BINDING_FAILURE);
  return bindings;
}

/** Gateway errors reach the customer as the spec's text, never the gateway's own words. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BANK_UNAVAILABLE', BINDING_FAILURE);
  }
}

export const toSavedCard = (card: GatewayCard): SavedCard => ({
  bindingId: card.bindingId,
  bindingState: card.active ? 'ACTIVE' : 'INACTIVE',
  maskedPan: `•••• ${card.last4}`,
  expiry: card.expiry,
});

const requireFreshConfirmation = (deps: BindingDeps, user: AuthUser) =>
  requireFresh(deps, user, BINDING_CONFIRM_MINUTES);

export async function listCards(deps: BindingDeps, user: AuthUser): Promise<SavedCard[]> {
  const cards = await ask(() => gateway(deps).listCards(user.userId));
  return cards.map(toSavedCard);
}

/** Starts saving a card: the gateway's hosted page, which returns to `url` (this site's own address). */
export async function startBinding(
  deps: BindingDeps,
  user: AuthUser,
  body: { url: string; requestId?: string },
) {
  checkReturnUrl(deps, body.url);
  await requireFreshConfirmation(deps, user);
  const requestId = body.requestId ?? crypto.randomUUID();
  await deps.db
    .insert(bindingRequests)
    .values({ id: requestId, userId: user.userId, acquirer: deps.acquirer.name, createdAt: deps.clock.now() })
    .onConflictDoNothing({ target: bindingRequests.id });
  const request = await ownRequest(deps, user, requestId);
  if (request.formUrl) return { bindURL: request.formUrl, requestId };
  // The return address carries the request, so the cabinet can ask how it ended.
  const returnUrl = new URL(body.url);
  returnUrl.searchParams.set('binding', requestId);
  const order = await ask(() =>
    gateway(deps).registerBinding({ clientId: user.userId, requestId, returnUrl: returnUrl.toString() }),
  );
  await deps.db
    .update(bindingRequests)
    .set({ orderId: order.orderId, formUrl: order.formUrl })
    .where(eq(bindingRequests.id, requestId));
  return { bindURL: order.formUrl, requestId };
}

async function ownRequest(deps: BindingDeps, user: AuthUser, requestId: string) {
  const [request] = await deps.db
    .select()
    .from(bindingRequests)
    .where(and(eq(bindingRequests.id, requestId), eq(bindingRequests.userId, user.userId)));
  if (!request) throw notFound('Привязка не найдена');
  return request;
}

/** How a card-saving attempt ended, asked of the gateway (the return address proves nothing). */
export async function bindingStatus(deps: BindingDeps, user: AuthUser, requestId: string) {
  const request = await ownRequest(deps, user, requestId);
  if (!request.orderId) return { state: 'failed' as const, card: null };
  const result = await ask(() => gateway(deps).bindingResult(request.orderId!));
  return { state: result.state, card: result.card ? toSavedCard(result.card) : null };
}

/** Removes a saved card of this customer; removing it again answers the same. */
export async function removeCard(deps: BindingDeps, user: AuthUser, bindingId: string) {
  const removed = await ask(() => gateway(deps).unbind(user.userId, bindingId));
  if (!removed) throw notFound('Карта не найдена');
}

/** Spec section 8: a Google Pay or Apple Pay binding failure adds '...или свяжитесь с нами.'. */
export const WALLET_FAILURE = 'Что-то пошло не так. Пожалуйста, обновите страницу или свяжитесь с нами.';

/** A stable request id for one customer's one wallet token: the same token (a retry) finds the same request. */
function walletRequestId(userId: string, wallet: string, token: string): string {
  const hex = createHash('sha256').update(`${userId}:${wallet}:${token}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Saves the card behind a Google Pay or Apple Pay token (fresh SMS confirmation first). The same token saves one
 * card: the first call claims the request row, a retry answers the card it saved.
 */
export async function bindWallet(
  deps: BindingDeps,
  user: AuthUser,
  wallet: 'google' | 'apple',
  body: { token: string; returnUrl?: string },
): Promise<SavedCard> {
  if (body.returnUrl !== undefined) checkReturnUrl(deps, body.returnUrl);
  await requireFreshConfirmation(deps, user);
  const bindWalletToken = deps.acquirer.bindings?.bindWalletToken;
  if (!bindWalletToken) throw new AppError('BANK_UNAVAILABLE', WALLET_FAILURE);
  const id = walletRequestId(user.userId, wallet, body.token);
  await deps.db
    .insert(bindingRequests)
    .values({ id, userId: user.userId, acquirer: deps.acquirer.name, createdAt: deps.clock.now() })
    .onConflictDoNothing({ target: bindingRequests.id });
  const [claimed] = await deps.db
    .update(bindingRequests)
    .set({ orderId: 'wallet:pending' })
    .where(and(eq(bindingRequests.id, id), isNull(bindingRequests.orderId)))
    .returning();
  if (!claimed) {
    const request = await ownRequest(deps, user, id);
    const bindingId = request.orderId?.startsWith('wallet:card:')
      ? request.orderId.slice('wallet:card:'.length)
      : null;
    const card = bindingId
      ? (await ask(() => gateway(deps).listCards(user.userId))).find((c) => c.bindingId === bindingId)
      : undefined;
    if (card) return toSavedCard(card);
    throw new AppError('WALLET_TOKEN_USED', WALLET_FAILURE);
  }
  let card: GatewayCard | null;
  try {
    card = await bindWalletToken.call(deps.acquirer.bindings, {
      clientId: user.userId,
      wallet,
      token: body.token,
    });
  } catch {
    // The gateway did not answer: the token may be tried again.
    await deps.db.update(bindingRequests).set({ orderId: null }).where(eq(bindingRequests.id, id));
    throw new AppError('BANK_UNAVAILABLE', WALLET_FAILURE);
  }
  await deps.db
    .update(bindingRequests)
    .set({ orderId: card ? `wallet:card:${card.bindingId}` : 'wallet:declined' })
    .where(eq(bindingRequests.id, id));
  if (!card) throw new AppError('WALLET_DECLINED', WALLET_FAILURE);
  return toSavedCard(card);
}
