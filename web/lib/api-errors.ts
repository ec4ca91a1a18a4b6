import { ApiError } from './api-client';

/** The message a person should read for a failed call: the server's own, or the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return fallback;
}

export function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body?.code : undefined;
}

/** 'ошибка 409', or the gateway's code: spec section 8 "payment errors store the HTTP status or error code". */
export function errorCodeOf(error: unknown): string {
  if (error instanceof ApiError) return error.body?.code ?? String(error.status);
  return 'NETWORK';
}
