import type { FastifyInstance } from 'fastify';
import { createGiftCardInvoice, getGiftCardInvoice } from '#common/contract/gift-card-invoices';
import {
  addGiftCardToBalance,
  createGiftCardOrder,
  getGiftCard,
  getGiftCardDiscount,
  getGiftCardImages,
  getPublicGiftCard,
  giftCardPaymentState,
  revealGiftCardCode,
} from '#common/contract/gift-cards';
import {
  cancelGiftCardInvoice,
  listGiftCardInvoices,
  markGiftCardInvoicePaid,
} from '#common/contract/operator-gift-cards';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import { phoneFor } from '#server/core/phones-shown';
import { sendCachedJson, toCachedJson } from '#server/lib/cached-json';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { readBrandSettings } from '#server/core/brand-settings';
import { renderInvoicePdf } from './invoice-pdf';
import {
  buyerInvoice,
  cancelInvoice,
  createInvoice,
  invoiceForDownload,
  listInvoices,
  markInvoicePaid,
} from './invoices';
import * as orders from './orders';
import { listFailedDeliveries, retryDelivery } from './failed-deliveries';
import { setCardBlocked } from './block';
import { cardPaidOrders, findGiftCards } from './lookup';
import {
  blockGiftCard,
  findGiftCards as findGiftCardsEndpoint,
  listCardPaidGiftCardOrders,
  listFailedGiftCardDeliveries,
  retryGiftCardDelivery,
} from '#common/contract/operator-gift-cards';
import { publicCard, revealCode } from './public-card';
import { addCardToBalance } from './add-to-balance';

/** Gift cards (spec section 7 gc calls, docs/decisions/017); paying goes through the loyalty drafts. */
export function registerGiftCardRoutes(app: FastifyInstance, deps: AppDeps) {
  // Pictures are content: kept in memory per change like the FAQ or the news, with an ETag, so the sale page
  // opens without a database read (and while the database is away).
  registerEndpoint(app, getGiftCardImages, async (request, reply) =>
    sendCachedJson(
      request,
      reply,
      await deps.cache.get('gift-card-images', async () =>
        toCachedJson(getGiftCardImages.schemas.response, {
          pictures: await orders.giftCardImages(deps.db),
        }),
      ),
    ),
  );
  registerEndpoint(app, getGiftCardDiscount, async () => ({
    data: { percentRate: await orders.discountPercent(deps.db) },
  }));
  registerEndpoint(app, createGiftCardOrder, async (request) => ({
    data: await orders.createOrder(deps, request.user.userId, request.body),
  }));
  registerEndpoint(app, giftCardPaymentState, async (request) =>
    orders.paymentState(deps.db, request.user.userId, request.body.orderId),
  );
  registerEndpoint(app, getGiftCard, async (request) =>
    orders.buyerCards(deps, request.user.userId, request.body.orderId),
  );
  registerEndpoint(app, getPublicGiftCard, async (request) =>
    publicCard(deps, request.ip, request.params.id),
  );
  registerEndpoint(app, revealGiftCardCode, async (request) =>
    revealCode(deps, request.ip, request.params.id, request.body),
  );
  registerEndpoint(app, addGiftCardToBalance, async (request) =>
    addCardToBalance(deps, request.user, request.params.id),
  );
  registerEndpoint(app, createGiftCardInvoice, async (request) => ({
    data: await createInvoice(deps, { userId: request.user.userId, ip: request.ip }, request.body),
  }));
  registerEndpoint(app, getGiftCardInvoice, async (request) => ({
    data: await buyerInvoice(deps, request.user.userId, request.params.invoiceId),
  }));
  registerInvoicePdf(app, deps);
  registerInvoiceOperatorRoutes(app, deps);
}

/** The operator's invoices (the command-line tool's `gift-invoice`, the console), audited. */
function registerInvoiceOperatorRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, listGiftCardInvoices, async () => listInvoices(deps.db));
  registerEndpoint(app, markGiftCardInvoicePaid, async (request) => {
    const { number } = request.params;
    const { timeZone } = await readBrandSettings(deps.db);
    return markInvoicePaid(deps, number, request.body, timeZone, (tx) =>
      recordAudit(tx, auditActorOf(request), {
        action: 'invoice.paid',
        entity: 'invoice',
        entityId: number,
        before: { state: 'issued' },
        // The bank payment it was confirmed by (decision 053): the accountant's evidence.
        after: { state: 'paid', ...request.body },
      }),
    );
  });
  registerEndpoint(app, cancelGiftCardInvoice, async (request) => {
    const { number } = request.params;
    return cancelInvoice(deps, number, (tx) =>
      recordAudit(tx, auditActorOf(request), {
        action: 'invoice.cancelled',
        entity: 'invoice',
        entityId: number,
        before: { state: 'issued' },
        after: { state: 'cancelled' },
      }),
    );
  });
  // Recipients' and buyers' phones are whole for the owner only, and every lookup is audited (decision 047).
  registerEndpoint(app, findGiftCardsEndpoint, async (request) => {
    const { q } = request.query;
    const found = await findGiftCards(deps.db, q);
    const byCode = /^\d+$/.test(q);
    await recordAudit(deps.db, auditActorOf(request), {
      action: 'giftCard.lookedUp',
      entity: 'giftCard',
      entityId: byCode ? null : q,
      // A search by the code names its last 4 digits at most: the log never holds a whole code.
      after: { ...(byCode ? { codeEnd: q.slice(-4) } : {}), found: found.map((c) => c.publicId) },
    });
    return found.map((c) => ({
      ...c,
      recipientPhone: phoneFor(request.operator, 'giftCards', c.recipientPhone),
    }));
  });
  registerEndpoint(app, listCardPaidGiftCardOrders, async (request) =>
    (await cardPaidOrders(deps.db)).map((o) => ({
      ...o,
      buyerPhone: phoneFor(request.operator, 'giftCards', o.buyerPhone),
    })),
  );
  registerEndpoint(app, blockGiftCard, async (request) => {
    const { publicId } = request.params;
    const { blocked } = request.body;
    return setCardBlocked(deps, publicId, blocked, (tx) =>
      recordAudit(tx, auditActorOf(request), {
        action: blocked ? 'giftCard.blocked' : 'giftCard.unblocked',
        entity: 'giftCard',
        entityId: publicId,
        before: { blocked: !blocked },
        after: { blocked },
      }),
    );
  });
  registerEndpoint(app, listFailedGiftCardDeliveries, async (request) =>
    (await listFailedDeliveries(deps.db)).map((d) => ({
      ...d,
      phone: phoneFor(request.operator, 'giftCards', d.phone),
    })),
  );
  registerEndpoint(app, retryGiftCardDelivery, async (request) => {
    const { deliveryId } = request.params;
    // The audit row names the card, not the recipient's phone.
    return retryDelivery(deps, deliveryId, (tx, before) =>
      recordAudit(tx, auditActorOf(request), {
        action: 'giftCardDelivery.retried',
        entity: 'giftCardDelivery',
        entityId: deliveryId,
        before: { card: before.cardPublicId, attempts: before.attempts, lastError: before.lastError },
        after: { card: before.cardPublicId, attempts: 0, lastError: null },
      }),
    );
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `GET /api/gc/invoice/:invoiceId/pdf?k=`: the invoice's PDF for whoever holds the link (the e-mail and the
 * result page carry it; the key is 128 random bits). Anything else is the same 404.
 */
function registerInvoicePdf(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { invoiceId: string }; Querystring: { k?: string } }>(
    '/api/gc/invoice/:invoiceId/pdf',
    {
      schema: { summary: "A company's invoice as a PDF (the link's key required)", tags: ['gift-cards'] },
      config: { errors: new Set(['NOT_FOUND', 'VALIDATION', 'UNAVAILABLE', 'INTERNAL'] as const) },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      const key = typeof request.query.k === 'string' ? request.query.k : '';
      if (!UUID.test(invoiceId) || !/^[A-Za-z0-9_-]{22}$/.test(key)) {
        return reply.code(404).send({ message: 'Счёт не найден', code: 'NOT_FOUND' });
      }
      const invoice = await invoiceForDownload(deps, invoiceId, key);
      const settings = await readBrandSettings(deps.db);
      if (!settings.invoiceSeller) {
        return reply.code(404).send({ message: 'Счёт не найден', code: 'NOT_FOUND' });
      }
      const pdf = await renderInvoicePdf(invoice, settings.invoiceSeller, settings);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .type('application/pdf')
        .send(Buffer.from(pdf));
    },
  );
}
