import { ApiError } from './api-client';

/** The message a person should read for a failed call: the server's own, or the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return fallback;
}

export function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body?.code : undefined;
}
