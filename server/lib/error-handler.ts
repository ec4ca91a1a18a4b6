import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '#common/contract/codes';
import { isDatabaseUnavailable } from '../db/availability';
import { AppError } from '../errors';

const INTERNAL_MESSAGE = 'Внутренняя ошибка сервера. Попробуйте позже.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте через минуту.';

/** The framework's own 4xx (a body it cannot read) by status; anything else it refuses is BAD_REQUEST. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

export interface ErrorHandlerOptions {
  /**
   * Tests and end-to-end runs: an answer with a code the route's contract does not declare becomes a 500, so
   * the suites catch a contract that forgot a code a client would meet.
   */
  strictErrorCodes: boolean;
}

/** Every failure becomes `{message, code}`: 4xx with a message a person can act on, 5xx without details. */
export function registerErrorHandlers(app: FastifyInstance, options: ErrorHandlerOptions) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (typeof error.extra.retryAfter === 'number')
        reply.header('retry-after', String(error.extra.retryAfter));
      return send(request, reply, error.status, { message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[path || error.validationContext || 'request'] ??= issue.message ?? 'неверное значение';
      }
      const [field, message] = Object.entries(fields)[0] ?? ['request', 'неверный формат'];
      return send(request, reply, 400, {
        message: `Неверные данные: ${field}: ${message}`,
        code: 'VALIDATION',
        fields,
      });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error, url: request.routeOptions.url }, 'response does not match its schema');
      return send(request, reply, 500, { message: INTERNAL_MESSAGE, code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(request, reply, status, {
        message: error.message,
        code: FRAMEWORK_CODES[status] ?? 'BAD_REQUEST',
      });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or a cut connection: nothing was committed unless the answer said so; the client may retry.
      // The driver's own message (Drizzle's wrapper would add the query's parameters).
      const reason = ((error as Error).cause instanceof Error ? (error as Error).cause : error) as Error;
      request.log.warn({ reason: reason.message }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(request, reply, 503, {
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'UNAVAILABLE',
        retryAfter: 5,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, { message: INTERNAL_MESSAGE, code: 'INTERNAL' });
  });

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: { message: string; code: ErrorCode } & Record<string, unknown>,
  ) {
    const declared = request.routeOptions.config?.errors;
    if (options.strictErrorCodes && declared && !declared.has(body.code)) {
      const route = `${request.method} ${request.routeOptions.url}`;
      request.log.error({ code: body.code, route }, 'error code not declared in the contract');
      return reply
        .code(500)
        .send({ message: `Код ${body.code} не объявлен в контракте ${route}`, code: 'INTERNAL' });
    }
    return reply.code(status).send(body);
  }
}
