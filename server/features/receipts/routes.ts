import type { FastifyInstance } from 'fastify';
import { getReceipt, listReceipts as listReceiptsEndpoint } from '#common/contract/receipts';
import type { AppDeps } from '#server/app-deps';
import { phoneFor } from '#server/core/phones-shown';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { listReceipts, showReceipt } from './receipts';

/**
 * Any till receipt in the console (docs/decisions/066): read-only, so nothing to audit. A member's phone shows
 * as the members' area shows it (decision 047): whole to owner and support, masked to the rest.
 */
export function registerReceiptRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, listReceiptsEndpoint, async (request) =>
    listReceipts(deps.readDb, request.query, (phone) => phoneFor(request.operator, 'members', phone)),
  );
  registerEndpoint(app, getReceipt, async (request) =>
    showReceipt(deps.readDb, request.params.id, (phone) => phoneFor(request.operator, 'members', phone)),
  );
}
