import { eq } from 'drizzle-orm';
import type { BrandSettings } from '#common/contract/header';
import { formatKopecks } from '#common/lib/format';
import { brandSettingsWithin } from '#server/core/brand-settings';
import type { Sale, SaleLine } from '#server/core/fiscal/fiscal-document';
import { gatewayReceiptOf, type GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import { clientOf, goodsSaleLines, queueFiscalReceipt } from '#server/core/fiscal/queue';
import type { Db } from '#server/db/client';
import { giftCardOrderDrafts, giftCardOrders } from '#server/db/schema/gift-cards';
import type { DraftRow, PaymentsDeps } from './draft-rows';

/**
 * Queues the receipt of a draft completed in `tx` (decision 070), in that same transaction: a shop payment is the
 * full settlement of the till's lines (or of one «платёж» line without them), a gift-card order an advance. A
 * payment the till takes the rest of (`IN_RETAIL_POINT`) is the shop's register's to print, and so is one paid
 * by bonuses alone: no money reached the site. In the `gateway` mode the row records the receipt the gateway
 * issued from the order's cart (decision 080), never one to send.
 */
export async function queueDraftReceipt(deps: PaymentsDeps, tx: Db, done: DraftRow): Promise<void> {
  if (done.payType === 'IN_RETAIL_POINT') return;
  const settings = await brandSettingsWithin(tx, deps.cache);
  if (settings.fiscal.mode === 'till') return; // nothing to build: the shop's register prints it
  if (done.leftToPay + done.extraSpend <= 0) return;
  const sale = await draftSale(tx, settings, done);
  await queueFiscalReceipt(tx, settings, deps.clock.now(), {
    kind: 'sell',
    externalId: `sell:${done.id}`,
    sourceType: 'payment_draft',
    sourceId: done.id,
    sale,
  });
}

/**
 * The receipt a draft's bank order is registered with in the `gateway` mode (decision 080): the same sale the
 * completion records, so the gateway's receipt and the row agree. Undefined in the other modes.
 */
export async function draftGatewayReceipt(
  deps: PaymentsDeps,
  row: DraftRow,
): Promise<GatewayReceipt | undefined> {
  const settings = await brandSettingsWithin(deps.db, deps.cache);
  if (settings.fiscal.mode !== 'gateway' || row.payType === 'IN_RETAIL_POINT') return undefined;
  return gatewayReceiptOf(settings, 'sell', await draftSale(deps.db, settings, row));
}

/** A draft's sale: a gift-card order's advance, or a shop payment's lines. */
const draftSale = (tx: Db, settings: BrandSettings, row: DraftRow): Promise<Sale> =>
  row.productType === 'GIFT_CARD' ? giftCardSale(tx, settings, row) : shopSale(tx, settings, row);

const paymentsOf = (done: DraftRow): Sale['payments'] => ({
  electronic: done.leftToPay,
  prepaid: done.extraSpend,
});

/**
 * The till's lines net of the bonuses each took (the plan's shares), or one line for the sum. A promo code's
 * discount is already off both: the plan's lines are the discounted ones (decision 071).
 */
async function shopSale(tx: Db, settings: BrandSettings, done: DraftRow): Promise<Sale> {
  const client = await clientOf(tx, settings, done.email, done.userId);
  const plan = done.receiptPlan;
  if (!plan || plan.length === 0) {
    return {
      settlement: 'full',
      lines: [
        {
          name: `Оплата: ${done.title}`,
          quantityMilli: 1000,
          // The cheque less a promo code's discount (decision 071), as a till's receipt lines come net of it.
          sum: done.paySum - done.couponDiscount,
          object: 'payment',
          vat: null,
        },
      ],
      discount: done.spend,
      payments: paymentsOf(done),
      client,
    };
  }
  return {
    settlement: 'full',
    lines: await goodsSaleLines(tx, plan),
    discount: done.spend,
    discountShares: plan.map((line) => line.spend),
    payments: paymentsOf(done),
    client,
  };
}

/** A gift-card order: the cards as an advance («платёж»), less the buyer's discount; the SMS delivery a service. */
async function giftCardSale(tx: Db, settings: BrandSettings, done: DraftRow): Promise<Sale> {
  const [order] = await tx
    .select({
      nominal: giftCardOrders.nominal,
      quantity: giftCardOrders.quantity,
      discount: giftCardOrders.discount,
      deliverySum: giftCardOrders.deliverySum,
    })
    .from(giftCardOrderDrafts)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, giftCardOrderDrafts.orderId))
    .where(eq(giftCardOrderDrafts.draftId, done.id));
  if (!order) throw new Error(`GIFT_CARD draft ${done.id} pays no order`);
  const lines: SaleLine[] = [
    {
      name: `Подарочная карта «${settings.title}» на ${formatKopecks(order.nominal)}`,
      quantityMilli: order.quantity * 1000,
      sum: order.nominal * order.quantity,
      object: 'payment',
      vat: null,
    },
  ];
  if (order.deliverySum > 0) {
    lines.push({
      name: 'Доставка подарочной карты по SMS',
      quantityMilli: 1000,
      sum: order.deliverySum,
      object: 'service',
      vat: null,
      method: 'full_payment',
    });
  }
  const discount = order.discount + done.spend;
  return {
    settlement: 'advance',
    lines,
    discount,
    // The buyer's discount is the cards'; bonuses, if any ever pay here, spread over both.
    ...(done.spend === 0 && { discountShares: lines.map((_, i) => (i === 0 ? order.discount : 0)) }),
    payments: paymentsOf(done),
    client: await clientOf(tx, settings, done.email, done.userId),
  };
}
