import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  tillAccrue,
  tillCancel,
  tillCardPayment,
  tillConfirm,
  tillGiftCardBalance,
  tillGiftCardRedeem,
  tillGiftCardRefund,
  tillRefund,
  tillSpend,
  tillVerify,
  tillVisit,
} from '../../../common/contract/till';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../lib/register-endpoint';
import { giftCardBalance, redeemGiftCard, refundRedemption } from '../gift-cards/redeem';
import { operatorGuard } from '../operator/routes';
import {
  authenticateTillKey,
  issueTillKey,
  listTillKeys,
  revokeTillKey,
  unauthorizedTill,
  type TillCaller,
} from './keys';
import { payWithCard } from './card-payment';
import * as till from './service';
import { registerTillPage } from './till-page';

const callers = new WeakMap<FastifyRequest, TillCaller>();

/** The API key a till sends: `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
export function tillKeyOf(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['x-api-key'];
  return bearer ?? (typeof header === 'string' ? header : undefined);
}

const callerOf = (request: FastifyRequest): TillCaller => {
  const caller = callers.get(request);
  if (!caller) throw unauthorizedTill();
  return caller;
};

/** The till API (docs/decisions/015), the operator's key management, and the reference till page `/till`. */
export function registerTillRoutes(app: FastifyInstance, deps: AppDeps) {
  app.register(async (scope) => {
    // The key is checked before the body is read: a wrong key learns nothing and changes nothing.
    scope.addHook('onRequest', async (request) => {
      const caller = await authenticateTillKey(deps.db, tillKeyOf(request));
      if (!caller) throw unauthorizedTill();
      callers.set(request, caller);
    });
    registerEndpoint(scope, tillVerify, async (request) =>
      till.verifyMemberCode(deps, callerOf(request), request.body.code),
    );
    registerEndpoint(scope, tillVisit, async (request) =>
      till.getVisit(deps, callerOf(request), request.params.visitId),
    );
    registerEndpoint(scope, tillAccrue, async (request) =>
      till.accrue(deps, callerOf(request), request.body),
    );
    registerEndpoint(scope, tillSpend, async (request) => till.spend(deps, callerOf(request), request.body));
    registerEndpoint(scope, tillCardPayment, async (request) =>
      payWithCard(deps, callerOf(request), request.body),
    );
    registerEndpoint(scope, tillConfirm, async (request) =>
      till.confirm(deps, callerOf(request), request.params.operationId),
    );
    registerEndpoint(scope, tillCancel, async (request) =>
      till.cancel(deps, callerOf(request), request.params.operationId),
    );
    registerEndpoint(scope, tillRefund, async (request) =>
      till.refund(deps, callerOf(request), request.params.operationId),
    );
    // Gift cards paid at the till (docs/decisions/018).
    registerEndpoint(scope, tillGiftCardBalance, async (request) =>
      giftCardBalance(deps, request.body.cardCode),
    );
    registerEndpoint(scope, tillGiftCardRedeem, async (request) =>
      redeemGiftCard(deps, callerOf(request).retailPointId, request.body),
    );
    registerEndpoint(scope, tillGiftCardRefund, async (request) =>
      refundRedemption(deps, callerOf(request).retailPointId, request.params.redemptionId),
    );
  });
  registerTillKeyRoutes(app, deps);
  registerTillPage(app, deps);
}

const keyInfoSchema = z.strictObject({
  keyId: z.string(),
  retailPointId: z.number().int(),
  label: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});

/** The operator's till keys (the command-line tool's `till-key`): only with OPERATOR_TOKEN. */
function registerTillKeyRoutes(app: FastifyInstance, deps: AppDeps) {
  const requireOperator = operatorGuard(deps);
  if (!requireOperator) return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/operator/till-keys',
    {
      onRequest: requireOperator,
      schema: {
        summary:
          'Issue a till API key for a retail point: the key is in this answer only (it is stored hashed)',
        tags: ['operator'],
        body: z.strictObject({
          retailPointId: z
            .number()
            .int()
            .positive('Неизвестная точка')
            .max(2 ** 31 - 1),
          label: z.string().trim().max(100, 'Подпись: не длиннее 100 знаков').default(''),
        }),
        response: {
          200: z.strictObject({
            keyId: z.string(),
            key: z.string(),
            retailPointId: z.number().int(),
            label: z.string(),
            createdAt: z.string(),
          }),
        },
      },
    },
    async (request) => issueTillKey(deps, request.body),
  );
  api.get(
    '/api/operator/till-keys',
    {
      onRequest: requireOperator,
      schema: {
        summary: 'Every till API key (never the key or its hash)',
        tags: ['operator'],
        response: { 200: z.array(keyInfoSchema) },
      },
    },
    async () => listTillKeys(deps.db),
  );
  api.post(
    '/api/operator/till-keys/:keyId/revoke',
    {
      onRequest: requireOperator,
      schema: {
        summary: 'Revoke a till API key (at once; revoking again answers the same)',
        tags: ['operator'],
        params: z.strictObject({ keyId: z.string().uuid('Неизвестный ключ') }),
        response: { 200: keyInfoSchema },
      },
    },
    async (request) => revokeTillKey(deps, request.params.keyId),
  );
}
