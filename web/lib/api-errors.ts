import { ERROR_STATUS, type ErrorCode } from '#common/contract/codes';
import { ru } from '../i18n/ru';
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

/**
 * What a customer reads for a failed call on a page that checks its own form: a VALIDATION answer naming the
 * request's fields ('returnUrl: …', 'Неверные данные: paySum: …') is the page's fault and reads as a developer's
 * note, so it becomes the spec's 'Что-то пошло не так…'; any other refusal says what to do in its own words.
 */
export function customerMessageOf(error: Error): string {
  if (hasCode(error, 'VALIDATION') && error.body?.fields) return ru.shell.somethingWrong;
  return error instanceof ApiError ? error.message : ru.shell.somethingWrong;
}
