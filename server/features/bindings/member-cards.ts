import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listMemberSavedCards } from '#common/contract/members';
import type { AppDeps } from '#server/app-deps';
import { users } from '#server/db/schema/auth';
import { AppError, notFound } from '#server/errors';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { toSavedCard } from './bindings';

/**
 * The member's saved bank cards on the console's member page (docs/decisions/033), as the gateway lists them:
 * only their last 4 digits and expiry ever reach the console. A silent gateway is BANK_UNAVAILABLE.
 */
export function registerMemberSavedCards(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, listMemberSavedCards, async (request) => {
    const { userId } = request.params;
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('Участник не найден');
    const unavailable = () => new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Попробуйте позже');
    const gateway = deps.acquirer.bindings;
    if (!gateway) throw unavailable();
    try {
      return (await gateway.listCards(userId)).map(toSavedCard);
    } catch {
      throw unavailable();
    }
  });
}
