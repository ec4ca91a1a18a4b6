import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';

/**
 * Whether a request carries the operator's token (`Authorization: Bearer <OPERATOR_TOKEN>`). Without
 * OPERATOR_TOKEN no request does: the operator endpoints then take only the console's staff sessions.
 */
export function operatorTokenCheck(deps: Pick<AppDeps, 'config'>) {
  const token = deps.config.operatorToken;
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (request: FastifyRequest) => {
    if (!expected) return false;
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
