import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { FiscalReceiptLink } from '#common/contract/fiscal-receipts';
import type { Db } from '#server/db/client';
import { fiscalReceipts, type FiscalSource } from '#server/db/schema/fiscal';
import { GATEWAY } from './gateway-sale';

/**
 * A sale's receipt as its payer sees it (decision 070), or null when the site issued none for it. One the
 * gateway's fiscal partner issued (decision 080) has no ФН, ФД, ФП or link here: the payer gets it from the bank
 * by e-mail or SMS, and the pages say, as in the till's mode, that the seller issues it.
 */
export async function receiptLinkOf(
  db: Db,
  sourceType: FiscalSource,
  sourceId: string,
): Promise<FiscalReceiptLink | null> {
  const [row] = await db
    .select({
      status: fiscalReceipts.status,
      ofdReceiptUrl: fiscalReceipts.ofdReceiptUrl,
      fnNumber: fiscalReceipts.fnNumber,
      fiscalDocumentNumber: fiscalReceipts.fiscalDocumentNumber,
      fiscalDocumentAttribute: fiscalReceipts.fiscalDocumentAttribute,
    })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.sourceType, sourceType),
        eq(fiscalReceipts.sourceId, sourceId),
        eq(fiscalReceipts.kind, 'sell'),
        or(isNull(fiscalReceipts.provider), ne(fiscalReceipts.provider, GATEWAY)),
      ),
    )
    .limit(1);
  return row ?? null;
}
