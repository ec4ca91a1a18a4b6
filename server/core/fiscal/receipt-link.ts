import { and, eq } from 'drizzle-orm';
import type { FiscalReceiptLink } from '#common/contract/fiscal-receipts';
import type { Db } from '#server/db/client';
import { fiscalReceipts, type FiscalSource } from '#server/db/schema/fiscal';

/** A sale's receipt as its payer sees it (decision 070), or null when the site issued none for it. */
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
      ),
    )
    .limit(1);
  return row ?? null;
}
