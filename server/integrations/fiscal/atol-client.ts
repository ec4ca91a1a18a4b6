import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';
import { atolSellBody } from './atol-format';
import { createAtolTransport, type AtolAnswer, type AtolOptions } from './atol-transport';
import { FiscalRefusal, type FiscalProvider, type FiscalReport } from './fiscal-provider';

export type { AtolOptions } from './atol-transport';

/** ATOL's error 10: a document with this external_id is already in the group: its uuid is in the answer. */
const ALREADY_REGISTERED = 10;

/**
 * ATOL Online v5 (decision 070): `sell` / `sell_refund` by external_id (a re-send answers the same uuid), and
 * `report/{uuid}` polled for the fiscal attributes.
 */
export function createAtolProvider(options: AtolOptions): FiscalProvider {
  const transport = createAtolTransport(options);
  return {
    name: 'atol',
    async send(externalId: string, document: FiscalDocument, at: Date) {
      const answer = await transport.call(
        'POST',
        `/${options.groupCode}/${document.kind}`,
        atolSellBody(externalId, document, at),
      );
      if (answer.uuid && (!answer.error || answer.error.code === ALREADY_REGISTERED))
        return { uuid: answer.uuid };
      const reason = `АТОЛ Онлайн отказал: ${answer.error?.text ?? 'без причины'}`;
      // A 4xx (the document's own fault: validation, a wrong INN) is for good; anything else may pass.
      if (answer.httpStatus >= 400 || answer.error?.type === 'agent') throw new FiscalRefusal(reason);
      throw new Error(reason);
    },
    async report(uuid: string) {
      return reportOf(
        await transport.call('GET', `/${options.groupCode}/report/${encodeURIComponent(uuid)}`),
      );
    },
  };
}

/** A report's answer: wait, fail with ATOL's text, or done with the payload's fiscal attributes. */
function reportOf(answer: AtolAnswer): FiscalReport {
  if (answer.status === 'wait') return { state: 'wait' };
  if (answer.status === 'fail')
    return { state: 'fail', reason: answer.error?.text ?? 'АТОЛ Онлайн: чек не пробит' };
  if (answer.status !== 'done' || !answer.payload) {
    throw new Error(`АТОЛ Онлайн: непонятный ответ о чеке ${answer.error?.text ?? ''}`.trim());
  }
  const text = (key: string) => String(answer.payload?.[key] ?? '');
  return {
    state: 'done',
    fiscal: {
      fnNumber: text('fn_number'),
      fiscalDocumentNumber: text('fiscal_document_number'),
      fiscalDocumentAttribute: text('fiscal_document_attribute'),
      fiscalReceiptNumber: text('fiscal_receipt_number'),
      receiptAt: text('receipt_datetime'),
      ofdReceiptUrl: text('ofd_receipt_url') || null,
    },
  };
}
