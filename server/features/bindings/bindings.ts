import { and, eq } from 'drizzle-orm';
import { BINDING_CONFIRM_MINUTES, type SavedCard } from '../../../common/contract/bindings';
import type { AppDeps } from '../../app-deps';
import { sessions } from '../../db/schema/auth';
import { bindingRequests } from '../../db/schema/bindings';
import { AppError, notFound } from '../../errors';
import type { CardBindings, GatewayCard } from '../../integrations/acquirer/acquirer';
import type { AuthUser } from '../auth/access';
import { checkReturnUrl } from '../payments/drafts';

/**
 * Saved bank cards (docs/decisions/016-saved-bank-cards.md): the gateway keeps the cards, keyed by our
 * customer id as its client id; `binding_requests` ties each card-saving order to the customer who asked.
 */
export type BindingDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'acquirer'>;

/** Spec section 8: card list, bind and unbind failures all show this text. */
export const BINDING_FAILURE = 'Что-то пошло не так. Пожалуйста, обновите страницу.';

function gateway(deps: BindingDeps): CardBindings {
  const bindings = deps.acquirer.bindings;
  if (!bindings) throw new AppError('UNAVAILABLE', BINDING_FAILURE);
  return bindings;
}

/** Gateway errors reach the customer as the spec's text, never the gateway's own words. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNAVAILABLE', BINDING_FAILURE);
  }
}

export const toSavedCard = (card: GatewayCard): SavedCard => ({
  bindingId: card.bindingId,
  bindingState: card.active ? 'ACTIVE' : 'INACTIVE',
  maskedPan: `•••• ${card.last4}`,
  expiry: card.expiry,
});

/** A phone customer only (a temporary payer has no cabinet), confirmed by SMS within the last minutes. */
async function requireFreshConfirmation(deps: BindingDeps, user: AuthUser) {
  if (user.phone.startsWith('temp-')) throw new AppError('FORBIDDEN', 'Войдите по номеру телефона');
  const [session] = await deps.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, user.sessionId));
  const age = deps.clock.now().getTime() - (session?.createdAt.getTime() ?? 0);
  if (age > BINDING_CONFIRM_MINUTES * 60_000) {
    throw new AppError('SMS_CONFIRMATION_REQUIRED', 'Подтвердите номер телефона кодом из СМС');
  }
}

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
