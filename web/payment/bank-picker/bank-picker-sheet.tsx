import { useCallback, useId, useMemo, useRef } from 'react';
import type { SbpBank } from '#common/contract/sbp';
import { ru } from '#web/i18n/ru';
import { ruBankPicker } from '#web/i18n/ru-bank-picker';
import { CloseIcon } from '#web/ui/icons';
import { QrCode } from '#web/ui/qr-code';
import { useFocusTrap } from '#web/ui/use-focus-trap';
import { useScrollLock } from '#web/ui/use-scroll-lock';
import { BankList } from './bank-list';
import { detectPlatform, type BankPlatform } from './bank-links';

export interface BankPickerSheetProps {
  /** The acquirer's SBP payment link, `https://qr.nspk.ru/…`. */
  paymentLink: string;
  open: boolean;
  /** Escape, the close button or a tap on the dimmed page. */
  onClose(): void;
  /** After a bank was chosen and its app opened: the payment page moves on (e.g. to /loyalty/finish). */
  onBankChosen?(bank: SbpBank, appLink: string): void;
  /** Tests and previews force a platform; by default it is read from the browser. */
  platform?: BankPlatform;
}

/**
 * The SBP bank picker (spec section 2 "Bank picker sheet"): on a phone, the banks to open the payment in;
 * on a desktop, the payment link as a QR code to scan with the phone. A modal dialog: focus stays inside,
 * Escape closes it, the page behind does not scroll.
 */
export function BankPickerSheet({
  paymentLink,
  open,
  onClose,
  onBankChosen,
  platform,
}: BankPickerSheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onEscape = useCallback(() => onClose(), [onClose]);
  useFocusTrap(ref, open, onEscape);
  useScrollLock(open);
  // Read only once the sheet opens, which is always in the browser (it opens on a tap or a payment answer).
  const where = useMemo(
    () => platform ?? (open ? detectPlatform(navigator.userAgent, navigator.maxTouchPoints) : 'desktop'),
    [platform, open],
  );
  if (!open) return null;
  return (
    <div className="bank-sheet-layer">
      <div className="bank-sheet-layer__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className={`bank-sheet${where === 'desktop' ? '' : ' bank-sheet--list'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        tabIndex={-1}
      >
        <div className="bank-sheet__head">
          <h2 className="bank-sheet__title" id={titleId}>
            {ruBankPicker.title}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={ru.shell.close}>
            <CloseIcon />
          </button>
        </div>
        {where === 'desktop' ? (
          <div className="bank-sheet__qr">
            <QrCode className="bank-sheet__qr-code" value={paymentLink} label={ruBankPicker.qrLabel} />
            <p>{ruBankPicker.qrHint}</p>
            <a href={paymentLink} target="_blank" rel="noopener noreferrer">
              {ruBankPicker.openLink}
            </a>
          </div>
        ) : (
          <BankList paymentLink={paymentLink} platform={where} onBankChosen={onBankChosen} />
        )}
      </div>
    </div>
  );
}
