import type { FastifyInstance } from 'fastify';
import {
  createGiftCardOrder,
  getGiftCard,
  getGiftCardDiscount,
  getGiftCardImages,
  getPublicGiftCard,
  giftCardPaymentState,
  revealGiftCardCode,
} from '../../../common/contract/gift-cards';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireUser } from '../auth/access';
import * as orders from './orders';
import { publicCard, revealCode } from './public-card';

/** Gift cards (spec section 7 gc calls, docs/decisions/017); paying goes through the loyalty drafts. */
export function registerGiftCardRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getGiftCardImages, async () => ({ pictures: await orders.giftCardImages(deps.db) }));
  registerEndpoint(app, getGiftCardDiscount, async () => ({
    data: { percentRate: await orders.discountPercent(deps.db) },
  }));
  registerEndpoint(app, createGiftCardOrder, async (request) => {
    const user = await requireUser(deps, request);
    return { data: await orders.createOrder(deps, user.userId, request.body) };
  });
  registerEndpoint(app, giftCardPaymentState, async (request) => {
    const user = await requireUser(deps, request);
    return orders.paymentState(deps.db, user.userId, request.body.orderId);
  });
  registerEndpoint(app, getGiftCard, async (request) => {
    const user = await requireUser(deps, request);
    return orders.buyerCards(deps, user.userId, request.body.orderId);
  });
  registerEndpoint(app, getPublicGiftCard, async (request) =>
    publicCard(deps, request.ip, request.params.id),
  );
  registerEndpoint(app, revealGiftCardCode, async (request) =>
    revealCode(deps, request.ip, request.params.id, request.body.last4),
  );
}
