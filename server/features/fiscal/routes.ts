import type { FastifyInstance } from 'fastify';
import {
  listFiscalReceipts as listEndpoint,
  retryFiscalReceipt as retryEndpoint,
} from '#common/contract/fiscal-receipts';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { inTransaction } from '#server/db/in-transaction';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { listFiscalReceipts, receiptOf, retryFiscalReceipt } from './operator-receipts';

/** The operator's view of the 54-FZ receipts' outbox (decision 070). */
export function registerFiscalRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, listEndpoint, async (request) => {
    const { timeZone } = await cachedBrandSettings(deps.db, deps.cache);
    return listFiscalReceipts(deps.db, timeZone, request.query);
  });
  registerEndpoint(app, retryEndpoint, async (request) =>
    inTransaction(deps.db, async (tx) => {
      const { before, after } = await retryFiscalReceipt(tx, request.params.receiptId, deps.clock.now());
      await recordAudit(tx, auditActorOf(request), {
        action: 'fiscalReceipt.retried',
        entity: 'fiscalReceipt',
        entityId: after.id,
        before: { status: before.status, externalId: before.externalId, lastError: before.lastError },
        after: { status: after.status, externalId: after.externalId },
      });
      return receiptOf(after);
    }),
  );
}
