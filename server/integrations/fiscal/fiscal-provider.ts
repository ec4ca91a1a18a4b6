import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';

/**
 * A cloud till (decision 070): ATOL Online v5 first, behind this interface so another provider can follow, as
 * the acquirer's. Sums in kopecks. A method throws `FiscalRefusal` when the provider refuses the document for
 * good (its reason is shown to the operator); any other error is passing (network, the provider down) and the
 * job tries again later.
 */
export interface FiscalProvider {
  readonly name: string;
  /**
   * Registers a receipt under `externalId`. Idempotent: the same id sent again answers the same document's uuid,
   * so a process that died after the provider accepted and before it recorded the uuid simply sends again.
   */
  send(externalId: string, document: FiscalDocument, at: Date): Promise<{ uuid: string }>;
  /** The receipt's state: still being fiscalised, done with its fiscal attributes, or failed for good. */
  report(uuid: string): Promise<FiscalReport>;
}

export type FiscalReport =
  { state: 'wait' } | { state: 'fail'; reason: string } | { state: 'done'; fiscal: FiscalAttributes };

/** What identifies a fiscalised receipt: ФН, ФД, ФП, its number and time, and the OFD's check page. */
export interface FiscalAttributes {
  fnNumber: string;
  fiscalDocumentNumber: string;
  fiscalDocumentAttribute: string;
  fiscalReceiptNumber: string;
  receiptAt: string;
  ofdReceiptUrl: string | null;
}

/** The provider refused the document for good: sending it again would be refused again. */
export class FiscalRefusal extends Error {}

/** No cloud till is configured (FISCAL_PROVIDER unset): receipts wait in the outbox until one is. */
export const offlineFiscalProvider: FiscalProvider = {
  name: 'offline',
  send() {
    return Promise.reject(new Error('Облачная касса не настроена (FISCAL_PROVIDER): чек ждёт в очереди'));
  },
  report() {
    return Promise.reject(new Error('Облачная касса не настроена (FISCAL_PROVIDER)'));
  },
};
