import type { FastifyInstance } from 'fastify';
import { getPushKey, subscribePush, unsubscribePush } from '#common/contract/push';
import type { AppDeps } from '#server/app-deps';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { pushPublicKey, subscribe, unsubscribe } from './subscriptions';

/** Web push (decision 077): the VAPID public key, and the cabinet's «Уведомления» switch. */
export function registerPushRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getPushKey, async () => pushPublicKey(deps));
  registerEndpoint(app, subscribePush, async (request) =>
    subscribe(deps, request.user.userId, request.body, request.headers['user-agent']),
  );
  registerEndpoint(app, unsubscribePush, async (request) =>
    unsubscribe(deps, request.user.userId, request.body.endpoint),
  );
}
