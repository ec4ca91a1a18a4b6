import { ERROR_STATUS, type ErrorCode } from '../../common/contract/codes';
import { ApiError } from './api-client';

/** Whether a call failed with one of these codes (common/contract/codes.ts). */
export function hasCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** Whether the server refused the request itself (its code is a 4xx): its message says what to do about it. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && ERROR_STATUS[error.code] < 500;
}

/** The message a person should read for a failed call: the server's own refusal, or the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (isRefusal(error) && error.body?.message) return error.message;
  return fallback;
}

/** 'VALIDATION', 'BANK_UNAVAILABLE', …: spec section 8 "payment errors store the HTTP status or error code". */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'NETWORK';
}
