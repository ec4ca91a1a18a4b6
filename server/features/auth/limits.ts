/** The numbers of docs/decisions/006-sms-login-and-tokens.md, in one place. */
export const AUTH_LIMITS = {
  codeTtlMs: 5 * 60_000,
  maxTriesPerCode: 5,
  resendGapMs: 60_000,
  phoneSendsPerWindow: 5,
  phoneSendWindowMs: 10 * 60_000,
  phoneFailuresPerDay: 10,
  failureWindowMs: 24 * 60 * 60_000,
  ipSendsPerWindow: 20,
  ipSendWindowMs: 60 * 60_000,
  budgetWindowMs: 24 * 60 * 60_000,
  accessTokenTtlSeconds: 15 * 60,
  refreshGraceMs: 10_000,
  sessionIdleMs: 30 * 24 * 60 * 60_000,
} as const;

export const JWT_ISSUER = 'kopilka';
export const JWT_AUDIENCE = 'kopilka:api';
/** The header `typ` of access tokens (RFC 9068); the payload also says `typ: 'access'`. */
export const ACCESS_TOKEN_TYP = 'at+jwt';
