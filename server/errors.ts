import { ERROR_STATUS, type ErrorCode } from '../common/contract/codes';

export type { ErrorCode };

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
