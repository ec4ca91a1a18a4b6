import type { FastifyInstance } from 'fastify';
import {
  tillAccrue,
  tillCancel,
  tillCardPayment,
  tillConfirm,
  tillRefund,
  tillSpend,
  tillVerify,
  tillVisit,
  type TillOperation,
} from '#common/contract/till';
import {
  tillGiftCardBalance,
  tillGiftCardRedeem,
  tillGiftCardRefund,
} from '#common/contract/till-gift-cards';
import { tillLateAccrue, tillPaymentReceipt, tillPreview } from '#common/contract/till-receipt';
import { tillPaymentReceiptReturn } from '#common/contract/till-payment-returns';
import { tillPaymentReceiptState } from '#common/contract/till-register-receipt';
import { tillReturn } from '#common/contract/till-returns';
import {
  issueTillKey as issueTillKeyEndpoint,
  listTillKeys as listTillKeysEndpoint,
  revokeTillKey as revokeTillKeyEndpoint,
} from '#common/contract/operator';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import { inTransaction } from '#server/db/in-transaction';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { giftCardBalance, redeemGiftCard, refundRedemption } from '../gift-cards/redeem';
import { issueTillKey, listTillKeys, revokeTillKey } from './keys';
import { paymentReceiptState } from './payment-receipt-state';
import { payWithCard } from './card-payment';
import { accrue } from './accrue';
import { cancel, confirm, refund } from './operation-actions';
import { verifyMemberCode } from './member-code';
import { lateAccrue } from './late-accrue';
import { registerPaymentReceipt } from './payment-receipt';
import { withCoupon } from './coupon';
import { previewCheque } from './receipt';
import { returnPaymentLines } from './payment-returns';
import { returnLines } from './returns';
import { withLinesOne } from './receipt-answers';
import { spend } from './spend';
import { getVisit } from './visits';
import { registerTillPage } from './till-page';

/** The till API (docs/decisions/015), the operator's key management, and the reference till page `/till`. */
export function registerTillRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, tillVerify, async (request) =>
    verifyMemberCode(deps, request.till, request.body.code),
  );
  registerEndpoint(app, tillVisit, async (request) => getVisit(deps, request.till, request.params.visitId));
  registerEndpoint(app, tillPreview, async (request) => previewCheque(deps, request.till, request.body));
  // A receipt the customer pays on the site through the QR (decision 069).
  registerEndpoint(app, tillPaymentReceipt, async (request) =>
    registerPaymentReceipt(deps, request.till, request.body),
  );
  // Each operation's answer carries its receipt's lines, when the till sent them (issue 29).
  // And the coupon it used or holds (decision 064).
  const answer = (operation: Promise<TillOperation>) =>
    operation.then((done) => withLinesOne(deps.db, done)).then((done) => withCoupon(deps.db, done));
  registerEndpoint(app, tillAccrue, async (request) => answer(accrue(deps, request.till, request.body)));
  registerEndpoint(app, tillLateAccrue, async (request) =>
    answer(lateAccrue(deps, request.till, request.body)),
  );
  registerEndpoint(app, tillSpend, async (request) => answer(spend(deps, request.till, request.body)));
  registerEndpoint(app, tillCardPayment, async (request) =>
    answer(payWithCard(deps, request.till, request.body)),
  );
  registerEndpoint(app, tillConfirm, async (request) =>
    answer(confirm(deps, request.till, request.params.operationId)),
  );
  registerEndpoint(app, tillCancel, async (request) =>
    answer(cancel(deps, request.till, request.params.operationId)),
  );
  registerEndpoint(app, tillRefund, async (request) =>
    answer(refund(deps, request.till, request.params.operationId)),
  );
  registerEndpoint(app, tillReturn, async (request) =>
    returnLines(deps, request.till, request.params.operationId, request.body),
  );
  // A till's receipt paid on the site, returned by lines at its point (decision 084).
  registerEndpoint(app, tillPaymentReceiptState, async (request) =>
    paymentReceiptState(deps, request.till, request.params.receiptId),
  );
  registerEndpoint(app, tillPaymentReceiptReturn, async (request) =>
    returnPaymentLines(deps, request.till, request.params.receiptId, request.body),
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

/** The operator's till keys (the command-line tool's `till-key`, the console's screen), audited. */
function registerTillKeyRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, issueTillKeyEndpoint, async (request) =>
    inTransaction(deps.db, async (tx) => {
      const { key, ...issued } = await issueTillKey({ ...deps, db: tx }, request.body);
      await recordAudit(tx, auditActorOf(request), {
        action: 'till-key.issue',
        entity: 'till-key',
        entityId: issued.keyId,
        after: issued,
      });
      return { key, ...issued };
    }),
  );
  registerEndpoint(app, listTillKeysEndpoint, async () => listTillKeys(deps.db));
  registerEndpoint(app, revokeTillKeyEndpoint, async (request) =>
    inTransaction(deps.db, async (tx) => {
      const [before] = await listTillKeys(tx, request.params.keyId);
      const after = await revokeTillKey({ ...deps, db: tx }, request.params.keyId);
      if (!before?.revokedAt) {
        await recordAudit(tx, auditActorOf(request), {
          action: 'till-key.revoke',
          entity: 'till-key',
          entityId: after.keyId,
          before,
          after,
        });
      }
      return after;
    }),
  );
}
