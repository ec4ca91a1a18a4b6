import type { FastifyInstance } from 'fastify';
import * as contract from '#common/contract/webhooks';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf } from '#server/core/audit';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { listDeliveries, replayDelivery } from './deliveries';
import { createEndpoint, listEndpoints, rotateSecret, updateEndpoint, type EndpointDeps } from './endpoints';

/**
 * Events out to the chain's systems (decision 073): the owner's endpoints and their secrets, the delivery log
 * (owner, support, accountant, viewer) and its replay. The delivery job is server/core/events/webhook-job.ts.
 */
export function registerWebhookRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const endpointDeps: EndpointDeps = { db: deps.db, production: deps.config.isProduction };
  registerEndpoint(app, contract.listWebhookEndpoints, async () => listEndpoints(deps.db));
  registerEndpoint(app, contract.createWebhookEndpoint, async (request) =>
    createEndpoint(endpointDeps, request.body, auditActorOf(request), deps.clock.now()),
  );
  registerEndpoint(app, contract.updateWebhookEndpoint, async (request) =>
    updateEndpoint(
      endpointDeps,
      request.params.endpointId,
      request.body,
      auditActorOf(request),
      deps.clock.now(),
    ),
  );
  registerEndpoint(app, contract.rotateWebhookSecret, async (request) =>
    rotateSecret(endpointDeps, request.params.endpointId, auditActorOf(request), deps.clock.now()),
  );
  registerEndpoint(app, contract.listWebhookDeliveries, async (request) =>
    listDeliveries(deps.db, request.query),
  );
  registerEndpoint(app, contract.replayWebhookDelivery, async (request) =>
    replayDelivery(deps.db, request.params.deliveryId, auditActorOf(request), deps.clock.now()),
  );
}
