import type { FastifyInstance } from 'fastify';
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
import { operatorGuard } from '../../lib/operator-guard';
import { issueTillKey, listTillKeys, revokeTillKey } from './keys';
import { payWithCard } from './card-payment';
import * as till from './service';
import { registerTillPage } from './till-page';

/** The till API (docs/decisions/015), the operator's key management, and the reference till page `/till`. */
export function registerTillRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, tillVerify, async (request) =>
    till.verifyMemberCode(deps, request.till, request.body.code),
  );
  registerEndpoint(app, tillVisit, async (request) =>
    till.getVisit(deps, request.till, request.params.visitId),
  );
  registerEndpoint(app, tillAccrue, async (request) => till.accrue(deps, request.till, request.body));
  registerEndpoint(app, tillSpend, async (request) => till.spend(deps, request.till, request.body));
  registerEndpoint(app, tillCardPayment, async (request) => payWithCard(deps, request.till, request.body));
  registerEndpoint(app, tillConfirm, async (request) =>
    till.confirm(deps, request.till, request.params.operationId),
  );
  registerEndpoint(app, tillCancel, async (request) =>
    till.cancel(deps, request.till, request.params.operationId),
  );
  registerEndpoint(app, tillRefund, async (request) =>
    till.refund(deps, request.till, request.params.operationId),
  );
  // Gift cards paid at the till (docs/decisions/018).
  registerEndpoint(app, tillGiftCardBalance, async (request) => giftCardBalance(deps, request.body.cardCode));
  registerEndpoint(app, tillGiftCardRedeem, async (request) =>
    redeemGiftCard(deps, request.till.retailPointId, request.body),
  );
  registerEndpoint(app, tillGiftCardRefund, async (request) =>
    refundRedemption(deps, request.till.retailPointId, request.params.redemptionId),
  );
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
