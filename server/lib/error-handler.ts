import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/availability';
import { AppError } from '../errors';

const INTERNAL_MESSAGE = 'Внутренняя ошибка сервера. Попробуйте позже.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте через минуту.';

/** Every failure becomes `{message, code}`: 4xx with a message a person can act on, 5xx without details. */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (typeof error.extra.retryAfter === 'number')
        reply.header('retry-after', String(error.extra.retryAfter));
      return reply.code(error.status).send({ message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[path || error.validationContext || 'request'] ??= issue.message ?? 'неверное значение';
      }
      const [field, message] = Object.entries(fields)[0] ?? ['request', 'неверный формат'];
      return reply
        .code(400)
        .send({ message: `Неверные данные: ${field}: ${message}`, code: 'VALIDATION', fields });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error, url: request.routeOptions.url }, 'response does not match its schema');
      return reply.code(500).send({ message: INTERNAL_MESSAGE, code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or a cut connection: nothing was committed unless the answer said so; the client may retry.
      // The driver's own message (Drizzle's wrapper would add the query's parameters).
      const reason = ((error as Error).cause instanceof Error ? (error as Error).cause : error) as Error;
      request.log.warn({ reason: reason.message }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .code(503)
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE', retryAfter: 5 });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: INTERNAL_MESSAGE, code: 'INTERNAL' });
  });
}
