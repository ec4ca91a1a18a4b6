import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../errors';

/**
 * An onRequest hook refusing any call without the operator's token (`Authorization: Bearer <OPERATOR_TOKEN>`),
 * or null when OPERATOR_TOKEN is unset (then operator routes do not exist at all).
 */
export function operatorGuard(deps: Pick<AppDeps, 'config'>) {
  const token = deps.config.operatorToken;
  if (!token) return null;
  const expected = Buffer.from(`Bearer ${token}`);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('UNAUTHORIZED', 'Нужен ключ оператора');
    }
  };
}
