import type { FastifyInstance } from 'fastify';
import * as loyalty from '#common/contract/loyalty';
import * as lookups from '#common/contract/loyalty-lookups';
import type { AppDeps } from '#server/app-deps';
import { AppError } from '#server/errors';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { siteOriginOf } from '#server/lib/return-url';
import { sendCheque } from './cheque';
import { createDraft } from './create-draft';
import { retailPointInfo, userBalance } from './point-info';
import { limitTemporaryPayer } from './temporary-payer-limit';
import { processDraft } from './process-draft';
import { completeDraft } from './settle-draft';
import { registerChequePage } from './cheque-page';
import { registerSandboxPages } from './sandbox-pages';

/** Paying at a retail point (spec section 7 loyalty calls, docs/decisions/009). */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, lookups.getRetailPointInfo, async (request) =>
    retailPointInfo(deps.db, request.body.retailPointId),
  );
  registerEndpoint(app, lookups.getUserBalance, async (request) => userBalance(deps, request.user.userId));
  registerEndpoint(app, loyalty.createDraft, async (request) => {
    await limitTemporaryPayer(deps, request.user);
    return { data: await createDraft(deps, request.user.userId, request.body) };
  });
  registerEndpoint(app, loyalty.processDraft, async (request) => ({
    data: await processDraft(deps, request.user.userId, request.body),
  }));
  registerEndpoint(app, loyalty.completeDraft, async (request) => ({
    data: await completeDraft(deps, request.user.userId, request.body.draftId),
  }));
  registerEndpoint(app, loyalty.sendCheque, async (request) => {
    await sendCheque(deps, request.user.userId, request.body.draftId, request.body.email);
    return { code: 0 as const };
  });
  registerEndpoint(app, loyalty.oldPayment, async (request) => {
    await limitTemporaryPayer(deps, request.user);
    const retailPointId = Number(request.body.token);
    const draft = await createDraft(deps, request.user.userId, {
      productType: 'PAYMENT',
      paySum: request.body.paySum,
      payType: 'CARD',
      spendBonus: false,
      // The old page shows no balances, so it spends none.
      spendExtra: false,
      title: '',
      retailPointId,
      additionalInfo: '',
      deliveryId: null,
    });
    // Back to the address the payer opened, where their tokens are (local storage is per origin).
    const finish = new URL('/loyalty/finish', siteOriginOf(deps.config, request));
    finish.searchParams.set('d', draft.draftId);
    finish.searchParams.set('p', String(retailPointId));
    finish.searchParams.set('s', String(draft.paySum));
    const result = await processDraft(deps, request.user.userId, {
      draftId: draft.draftId,
      createBinding: false,
      returnUrl: finish.toString(),
    });
    if (!result.formUrl) throw new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Попробуйте ещё раз');
    return {
      data: { formUrl: result.formUrl, needSmsConfirm: false, certificate: null, draftId: draft.draftId },
    };
  });
  registerChequePage(app, deps);
  registerSandboxPages(app, deps);
}
