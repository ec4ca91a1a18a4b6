import type { FastifyRequest } from 'fastify';
import { roleAllows, type Permission } from '#common/contract/permissions';
import type { AppDeps } from '#server/app-deps';
import { AppError } from '#server/errors';
import type { OperatorCaller } from '#server/lib/callers';
import { checkCsrf, sessionOf } from './sessions';

/**
 * Who calls an operator endpoint (docs/decisions/026): the operator's token ("system", every permission) when
 * the request carries one, else the console's session, whose role must hold the endpoint's permission and
 * whose state-changing calls must carry its CSRF token. Anything else is 401.
 */
export async function authenticateOperator(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: FastifyRequest,
  permission: Permission,
  tokenMatches: (request: FastifyRequest) => boolean,
): Promise<OperatorCaller> {
  if (request.headers.authorization !== undefined) {
    if (tokenMatches(request)) return { kind: 'token' };
    throw new AppError('UNAUTHORIZED', 'Нужен ключ оператора');
  }
  const session = await sessionOf(deps, request);
  if (!session || session.stage !== 'active') throw new AppError('UNAUTHORIZED', 'Войдите в консоль');
  if (!roleAllows(session.staff.role, permission)) {
    throw new AppError('FORBIDDEN', 'Вашей роли это недоступно');
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') checkCsrf(request, session);
  return {
    kind: 'staff',
    staffId: session.staff.id,
    email: session.staff.email,
    role: session.staff.role,
    sessionId: session.id,
  };
}
