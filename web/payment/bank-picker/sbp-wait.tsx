import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { BankPickerSheet } from './bank-picker-sheet';

interface SbpWaitProps {
  /** The acquirer's SBP payment link. */
  link: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** 'Проверить оплату', and where a chosen bank's app leaves the page: the finish step. */
  onCheck(): void;
}

/** After an SBP payment started: the bank picker sheet, and the way to check or to choose the bank again. */
export function SbpWait({ link, open, onOpenChange, onCheck }: SbpWaitProps) {
  return (
    <div className="loyalty-sbp-wait" role="status">
      <p>{ruLoyalty.sbpWaiting}</p>
      <div className="loyalty-actions">
        <button type="button" className="button" onClick={onCheck}>
          {ruLoyalty.checkPayment}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onOpenChange(true)}>
          {ruLoyalty.chooseBank}
        </button>
      </div>
      <BankPickerSheet
        paymentLink={link}
        open={open}
        onClose={() => onOpenChange(false)}
        onBankChosen={onCheck}
      />
    </div>
  );
}
