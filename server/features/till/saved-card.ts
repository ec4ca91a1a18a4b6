// The customer's saved card, apart from the card payment (card-payment.ts): the visit shows whether a card can
// pay, and the payment loads the visit, so the two modules in one made an import loop (decision 057).
import type { GatewayCard } from '#server/integrations/acquirer/acquirer';
import type { TillDeps } from './operation-rows';

/**
 * The customer's saved card the configured gateway can charge (the first active one it lists), or null.
 * Throws when the gateway does not answer.
 */
export async function savedCardOf(deps: TillDeps, userId: string): Promise<GatewayCard | null> {
  const bindings = deps.acquirer.bindings;
  if (!bindings?.payWithBinding) return null;
  return (await bindings.listCards(userId)).find((card) => card.active) ?? null;
}

/** For the visit: a gateway that does not answer means no card can pay now (the cashier takes money otherwise). */
export const chargeableCard = (deps: TillDeps, userId: string) => savedCardOf(deps, userId).catch(() => null);
