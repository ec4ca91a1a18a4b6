import type { FastifyInstance } from 'fastify';
import {
  completeDraft,
  createDraft,
  getRetailPointInfo,
  getUserBalance,
  oldPayment,
  processDraft,
  sendCheque,
} from '../../../common/contract/loyalty';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../lib/register-endpoint';
import * as drafts from './drafts';
import { registerChequePage } from './cheque-page';
import { registerSandboxPages } from './sandbox-pages';

/** Paying at a retail point (spec section 7 loyalty calls, docs/decisions/009). */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getRetailPointInfo, async (request) =>
    drafts.retailPointInfo(deps.db, request.body.retailPointId),
  );
  registerEndpoint(app, getUserBalance, async (request) => drafts.userBalance(deps, request.user.userId));
  registerEndpoint(app, createDraft, async (request) => ({
    data: await drafts.createDraft(deps, request.user.userId, request.body),
  }));
  registerEndpoint(app, processDraft, async (request) => ({
    data: await drafts.processDraft(deps, request.user.userId, request.body),
  }));
  registerEndpoint(app, completeDraft, async (request) => ({
    data: await drafts.completeDraft(deps, request.user.userId, request.body.draftId),
  }));
  registerEndpoint(app, sendCheque, async (request) => {
    await drafts.sendCheque(deps, request.user.userId, request.body.draftId, request.body.email);
    return { code: 0 as const };
  });
  registerEndpoint(app, oldPayment, async (request) => {
    const retailPointId = Number(request.body.token);
    const draft = await drafts.createDraft(deps, request.user.userId, {
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
    const origin = new URL(deps.config.publicUrl).origin;
    const finish = new URL('/loyalty/finish', origin);
    finish.searchParams.set('d', draft.draftId);
    finish.searchParams.set('p', String(retailPointId));
    finish.searchParams.set('s', String(draft.paySum));
    const result = await drafts.processDraft(deps, request.user.userId, {
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
