import type { FastifyInstance } from 'fastify';
import { confirmPhoneCode, logout, refreshTokens, sendPhoneCode } from '#common/contract/auth';
import { createLoyaltyUser } from '#common/contract/loyalty-lookups';
import type { AppDeps } from '#server/app-deps';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { keysFor, type SmsAuthContext } from './auth-context';
import { sendCode, verifyCode } from './code-service';
import { registerOperatorLoginSms } from './resend-login-sms';
import { createTemporaryUser } from './temporary-user';
import { endSession, refreshSession } from './token-service';

/** The same answer for every phone, known or not: it tells nobody who is a customer. */
const SENT = { code: 0 as const, message: 'Код отправлен' };

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const ctx: SmsAuthContext = { ...deps, keys: keysFor(deps.config.authSecret) };

  registerEndpoint(app, sendPhoneCode, async (request) => {
    await sendCode(ctx, request.body.phone, request.ip, request.log);
    return SENT;
  });
  registerEndpoint(app, confirmPhoneCode, async (request) =>
    verifyCode(ctx, request.body.phone, request.body.token),
  );
  registerEndpoint(app, refreshTokens, async (request) => refreshSession(ctx, request.body.refresh));
  registerEndpoint(app, logout, async (request) => {
    await endSession(ctx, request.user.sessionId);
    return { ok: true as const };
  });
  // A payer without a token pair (spec section 1) gets a temporary customer with an ordinary session.
  registerEndpoint(app, createLoyaltyUser, async (request) => createTemporaryUser(deps, request.ip));
  registerOperatorLoginSms(app, deps);
}
