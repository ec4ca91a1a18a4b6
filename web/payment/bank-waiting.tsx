import { ruLoyalty } from '../i18n/ru-loyalty';

interface BankWaitingProps {
  title: string;
  text: string;
  /** The poll has given up (FINISH_POLL_LIMIT_MS): the text says to check later. */
  waitedOut: boolean;
  busy: boolean;
  checkLabel: string;
  onCheck(): void;
}

/** A finish page while the bank has not answered (status 1): the page asks again by itself, or on demand. */
export function BankWaiting({ title, text, waitedOut, busy, checkLabel, onCheck }: BankWaitingProps) {
  return (
    <div className="loyalty-waiting" role="status">
      <span className="spinner" aria-hidden="true" />
      <h2 className="loyalty-waiting__title">{title}</h2>
      <p>{waitedOut ? ruLoyalty.waitingLong : text}</p>
      <button type="button" className="button button--ghost" disabled={busy} onClick={onCheck}>
        {checkLabel}
      </button>
    </div>
  );
}
