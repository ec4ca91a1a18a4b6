/** Stable error codes of the API and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  INCORRECT_ACTIVATION_CODE: 400,
  CODE_EXPIRED: 400,
  CODE_USED: 400,
  CODE_BLOCKED: 400,
  INVALID_REFRESH: 401,
  INVALID_TOKEN: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SMS_CONFIRMATION_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SMS_FAILED: 503,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error the client is meant to see: its message is shown, its code is stable. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** A limit was hit: 429 with `Retry-After` (whole seconds) in the header and in the body. */
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfter });
}

export const notFound = (what = 'Не найдено') => new AppError('NOT_FOUND', what);
