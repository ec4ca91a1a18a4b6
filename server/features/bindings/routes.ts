import type { FastifyInstance } from 'fastify';
import {
  appleBindingCard,
  bindExtraPayment,
  bindingStatus,
  getExtraPayment,
  googleBindingCard,
  unbindExtraPayment,
} from '../../../common/contract/bindings';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireUser } from '../auth/access';
import * as bindings from './bindings';

/** Saved bank cards (spec section 7 `api/user/*ExtraPayment`; docs/decisions/016-saved-bank-cards.md). */
export function registerBindingRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getExtraPayment, async (request) => ({
    cards: await bindings.listCards(deps, await requireUser(deps, request)),
    payable: deps.acquirer.bindings?.payWithBinding !== undefined,
  }));
  registerEndpoint(app, bindExtraPayment, async (request) =>
    bindings.startBinding(deps, await requireUser(deps, request), request.body),
  );
  registerEndpoint(app, bindingStatus, async (request) =>
    bindings.bindingStatus(deps, await requireUser(deps, request), request.params.requestId),
  );
  registerEndpoint(app, unbindExtraPayment, async (request) => {
    await bindings.removeCard(deps, await requireUser(deps, request), request.body.id);
    return { code: 0 as const };
  });
  registerEndpoint(app, googleBindingCard, async (request) => ({
    code: 0 as const,
    card: await bindings.bindWallet(deps, await requireUser(deps, request), 'google', request.body),
  }));
  registerEndpoint(app, appleBindingCard, async (request) => ({
    code: 0 as const,
    card: await bindings.bindWallet(deps, await requireUser(deps, request), 'apple', request.body),
  }));
}
