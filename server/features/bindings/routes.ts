import type { FastifyInstance } from 'fastify';
import {
  appleBindingCard,
  bindExtraPayment,
  bindingStatus,
  getExtraPayment,
  googleBindingCard,
  unbindExtraPayment,
  type WalletOffer,
} from '#common/contract/bindings';
import type { AppDeps } from '#server/app-deps';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { isSandboxAcquirer } from '#server/integrations/acquirer/sandbox-acquirer';
import * as bindings from './bindings';
import { registerMemberSavedCards } from './member-cards';
import { registerSandboxWalletPage, SANDBOX_WALLET_PATH } from './sandbox-wallet-page';

/**
 * The wallet buttons the cabinet may show (docs/decisions/022): the sandbox's wallet step, or Google Pay through
 * the browser when the gateway takes its tokens and names its parameters; none when the gateway takes no tokens.
 * Apple Pay on a real gateway needs a merchant validation endpoint, which is not built: no Apple button there.
 */
function walletOffers(deps: AppDeps): { google: WalletOffer | null; apple: WalletOffer | null } {
  const gateway = deps.acquirer.bindings;
  if (!gateway?.bindWalletToken) return { google: null, apple: null };
  if (isSandboxAcquirer(deps.acquirer)) {
    return {
      google: { mode: 'sandbox', url: `${SANDBOX_WALLET_PATH}/google` },
      apple: { mode: 'sandbox', url: `${SANDBOX_WALLET_PATH}/apple` },
    };
  }
  return { google: gateway.googlePay ? { mode: 'google-pay', ...gateway.googlePay } : null, apple: null };
}

/** Saved bank cards (spec section 7 `api/user/*ExtraPayment`; docs/decisions/016-saved-bank-cards.md). */
export function registerBindingRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getExtraPayment, async (request) => ({
    cards: await bindings.listCards(deps, request.user),
    payable: deps.acquirer.bindings?.payWithBinding !== undefined,
    wallets: walletOffers(deps),
  }));
  registerEndpoint(app, bindExtraPayment, async (request) =>
    bindings.startBinding(deps, request.user, request.body),
  );
  registerEndpoint(app, bindingStatus, async (request) =>
    bindings.bindingStatus(deps, request.user, request.params.requestId),
  );
  registerEndpoint(app, unbindExtraPayment, async (request) => {
    await bindings.removeCard(deps, request.user, request.body.id);
    return { code: 0 as const };
  });
  registerEndpoint(app, googleBindingCard, async (request) => ({
    code: 0 as const,
    card: await bindings.bindWallet(deps, request.user, 'google', request.body),
  }));
  registerSandboxWalletPage(app, deps);
  registerMemberSavedCards(app, deps);
  registerEndpoint(app, appleBindingCard, async (request) => ({
    code: 0 as const,
    card: await bindings.bindWallet(deps, request.user, 'apple', request.body),
  }));
}
