import type { BrandSettings } from '#common/contract/header';
import type { FfdVersion } from '#common/lib/fiscal-vocabulary';
import { spreadOver } from '#server/core/receipt/spread';
import type { FiscalDocument, Sale } from './fiscal-document';
import type { RefundPiece } from './gateway-cart';
import { discountShares } from './net-lines';
import { companyOf, receiptDocumentOf } from './receipt-document';

/** The `provider` of a receipt row the gateway's fiscal partner issued (decision 080). */
export const GATEWAY = 'gateway';

/**
 * What a bank order is registered with in the `gateway` mode (decision 080): the receipt the gateway's fiscal
 * partner issues, and the FFD version its cart is stated in. The acquirer renders it in its own protocol.
 */
export interface GatewayReceipt {
  document: FiscalDocument;
  ffdVersion: FfdVersion;
  /**
   * A partial refund by positions (decision 086): `document` is then the order's cart as registered, and these
   * are the positions refunded, each with its quantity and money. Left out, the whole document is the receipt.
   */
  pieces?: RefundPiece[];
}

/**
 * A sale as the gateway can issue it. The gateway's receipt states one means of payment, the card (or SBP) money
 * it took, and its cart must add up to the order's amount: the money-like balance spent beside the card (decision
 * 023: an advance fiscalised when it was bought) cannot be a second means of payment there, so it comes off the
 * lines as the bonuses do, each line's share in proportion to what is left of it. Decision 080 names the gap.
 */
export function gatewaySale(sale: Sale): Sale {
  const prepaid = sale.payments.prepaid ?? 0;
  if (prepaid <= 0) return sale;
  const sums = sale.lines.map((line) => line.sum);
  const shares = discountShares(sums, sale.discount, sale.discountShares);
  const nets = sums.map((sum, i) => sum - shares[i]!);
  const folded = {
    ...sale,
    discount: sale.discount + prepaid,
    payments: { electronic: sale.payments.electronic ?? 0 },
  };
  try {
    const extra = spreadOver(prepaid, nets, nets);
    return { ...folded, discountShares: shares.map((share, i) => share + extra[i]!) };
  } catch {
    // Figures that do not add up (a bug upstream): the receipt becomes one line of the money (receipt-document.ts).
    return { ...folded, discountShares: undefined };
  }
}

/**
 * The receipt a bank order is registered with, or undefined outside the `gateway` mode (or for no money): the
 * same sale, mapping and kopeck-exact net lines as the cloud till's (decision 070), rendered by the acquirer.
 */
export function gatewayReceiptOf(
  settings: BrandSettings,
  kind: 'sell' | 'sell_refund',
  sale: Sale,
): GatewayReceipt | undefined {
  if (settings.fiscal.mode !== 'gateway') return undefined;
  const built = receiptDocumentOf(kind, gatewaySale(sale), companyOf(settings));
  return built ? { document: built.document, ffdVersion: settings.fiscal.ffdVersion } : undefined;
}
