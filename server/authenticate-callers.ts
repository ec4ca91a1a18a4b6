import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { AppError } from './errors';
import { authenticate, invalidToken } from './features/auth/access';
import { authenticateTillKey, tillKeyOf, unauthorizedTill } from './features/till/keys';
import { authenticateOperator } from './features/staff/operator-access';
import { operatorTokenCheck } from './lib/operator-guard';

/**
 * Checks the caller each endpoint's contract names (`auth`) before its handler runs, and leaves it on the
 * request for the handler (server/lib/register-endpoint.ts). A till's key and the operator's token are checked
 * as the request arrives, before its body is read; a customer's token before the input is validated. Either
 * way a caller without the right credentials gets 401 and learns nothing about the input.
 */
export function registerCallerChecks(app: FastifyInstance, deps: AppDeps) {
  const tokenMatches = operatorTokenCheck(deps);
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === 'till') {
      const till = await authenticateTillKey(deps.db, tillKeyOf(request));
      if (!till) throw unauthorizedTill();
      request.till = till;
    } else if (auth === 'operator') {
      // The operator's token or a console session whose role holds the endpoint's permission (decision 026).
      const permission = request.routeOptions.config.permission!;
      request.operator = await authenticateOperator(deps, request, permission, tokenMatches);
    }
  });
  app.addHook('preValidation', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === 'user') {
      const user = await authenticate(deps, request);
      if (!user) throw invalidToken();
      // A temporary payer has no phone: only the payment calls take it (decision 009), the rest need a login.
      if (user.phone.startsWith('temp-') && !request.routeOptions.config.temporaryPayer) {
        throw new AppError('PHONE_LOGIN_REQUIRED', 'Войдите по номеру телефона');
      }
      request.user = user;
    } else if (auth === 'optional') {
      request.user = await authenticate(deps, request);
    }
  });
}
