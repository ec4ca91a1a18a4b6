import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode } from '#common/contract/codes';
import type { Endpoint } from '#common/contract/endpoint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every error code the route may answer (its contract's own plus those of its kind). */
    errors?: ReadonlySet<ErrorCode>;
  }
}

/**
 * Every error code an endpoint may answer: its contract's own `errors`, plus what any endpoint of its kind
 * answers: bad input, a missing or wrong credential, the database away, a bug. VALIDATION is every endpoint's,
 * even one that takes no input: a query string reaches each route, and one carrying U+0000 is refused
 * (server/lib/reject-nul.ts).
 */
export function declaredErrors(endpoint: Endpoint): ReadonlySet<ErrorCode> {
  const { schemas } = endpoint;
  const codes = new Set<ErrorCode>(['VALIDATION', 'UNAVAILABLE', 'INTERNAL', ...(endpoint.errors ?? [])]);
  // Fastify reads the body of every method but GET (and HEAD) before the route's schema is looked at: a POST
  // that takes no body still refuses malformed JSON, another content type or too much of it.
  if (schemas.body || endpoint.method !== 'GET') {
    for (const code of ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const)
      codes.add(code);
  }
  if (endpoint.auth === 'user') codes.add('INVALID_TOKEN');
  // A temporary payer (no phone) calling what needs a phone login (server/authenticate-callers.ts).
  if (endpoint.auth === 'user' && !endpoint.temporaryPayer) codes.add('PHONE_LOGIN_REQUIRED');
  if (endpoint.auth === 'till' || endpoint.auth === 'operator') codes.add('UNAUTHORIZED');
  // A console session: its role may not hold the permission, its state-changing call must carry the CSRF token.
  if (endpoint.auth === 'operator') {
    codes.add('FORBIDDEN');
    if (endpoint.method !== 'GET') codes.add('CSRF_INVALID');
  }
  return codes;
}

/** The codes grouped by their HTTP status, for the OpenAPI document. */
export function errorsByStatus(codes: Iterable<ErrorCode>): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The OpenAPI response of one status: the error body, its `code` one of the listed codes. */
function errorResponse(codes: ErrorCode[]) {
  return {
    description: codes.join(', '),
    type: 'object',
    required: ['message', 'code'],
    properties: {
      message: { type: 'string', description: 'For a person: shown as it is' },
      code: { type: 'string', enum: codes, description: 'For a program: branch on it' },
      fields: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'VALIDATION: what is wrong with each bad field',
      },
      retryAfter: { type: 'integer', description: 'TOO_MANY_REQUESTS, UNAVAILABLE: seconds to wait' },
    },
  };
}

/**
 * The OpenAPI transform: the zod schemas as JSON schemas (fastify-type-provider-zod), plus an error response
 * for each status the route's declared codes answer. Only the document changes: errors are never serialised
 * through these schemas, so an error is always sent as it was thrown.
 */
export const withDeclaredErrors: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const errors = input.route.config?.errors;
  if (!errors) return transformed;
  const response: Record<string, unknown> = { ...(transformed.schema.response as object) };
  for (const [status, codes] of errorsByStatus(errors)) response[status] = errorResponse(codes);
  return { ...transformed, schema: { ...transformed.schema, response } };
};
