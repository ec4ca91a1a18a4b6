import type { FiscalReceiptLink } from '#common/contract/fiscal-receipts';
import { ruLoyalty } from '#web/i18n/ru-loyalty';

/**
 * The 54-FZ receipt of a payment the site fiscalised (decision 070: the shop payment's finish, a gift card's result): its ФН, ФД, ФП and the OFD's check page once
 * issued, or that it is on its way. Nothing where the shop's till issues it (the answer has no `fiscalReceipt`).
 */
export function FiscalReceiptNote({ receipt }: { receipt: FiscalReceiptLink | undefined }) {
  if (!receipt) return null;
  const url =
    receipt.ofdReceiptUrl && /^https?:\/\//.test(receipt.ofdReceiptUrl) ? receipt.ofdReceiptUrl : null;
  if (receipt.status !== 'done') return <p className="loyalty-fiscal">{ruLoyalty.fiscalPending}</p>;
  return (
    <p className="loyalty-fiscal" data-testid="fiscal-receipt">
      {ruLoyalty.fiscalDone(
        receipt.fnNumber ?? '',
        receipt.fiscalDocumentNumber ?? '',
        receipt.fiscalDocumentAttribute ?? '',
      )}{' '}
      {url && (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {ruLoyalty.fiscalLink}
        </a>
      )}
    </p>
  );
}
