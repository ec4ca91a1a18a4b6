import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps';

/** Liveness (the process answers) and readiness (the database answers too), for load balancers. */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ready', database: deps.database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'База данных не отвечает' });
    }
  });
}
