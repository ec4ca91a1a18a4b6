import type { FiscalReceiptLink } from '#common/contract/fiscal-receipts';
import { escapeHtml } from '#server/lib/html';

/** Only a web address is ever a link: the provider's text reaches the page escaped, never as a script URL. */
const safeUrl = (url: string | null) => (url && /^https?:\/\//.test(url) ? url : null);

/**
 * The cash receipt's part of the cheque page (decision 070). Where the site issued the 54-FZ receipt: once done,
 * ФН, ФД and ФП with the OFD's check page; before that, that it is on its way. Where it did not (the till's
 * mode), the shop's register issues it, as the page always said.
 */
export function fiscalNote(link: FiscalReceiptLink | null): string {
  if (!link) return 'Кассовый чек по 54-ФЗ выдаёт продавец.';
  if (link.status !== 'done')
    return 'Кассовый чек по 54-ФЗ формируется и придёт на почту или телефон, указанные при оплате.';
  const url = safeUrl(link.ofdReceiptUrl);
  const attributes = `ФН ${link.fnNumber ?? ''}, ФД ${link.fiscalDocumentNumber ?? ''}, ФП ${link.fiscalDocumentAttribute ?? ''}`;
  return `Кассовый чек по 54-ФЗ: ${escapeHtml(attributes)}.${
    url
      ? ` <a href="${escapeHtml(url)}" rel="noopener noreferrer" data-testid="cheque-fiscal-link">Проверить чек</a>`
      : ''
  }`;
}
