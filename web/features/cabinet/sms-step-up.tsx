import { useState } from 'react';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { hasCode, messageOf } from '#web/lib/api-errors';
import { formatPhone } from '#web/lib/formats';
import { CodeStep } from './code-step';
import { CONFIRMATION_TIMER_SECONDS } from './phone-confirmation';
import { useSmsStepUp } from './saved-cards-api';
import { useCountdown } from './use-countdown';

const t = ruCabinet.savedCards;

/** A fresh SMS code for the customer's own phone, before a card is saved or the account deleted. */
export function SmsStepUp({
  phone,
  text = t.stepUpText,
  onConfirmed,
  onCancel,
}: {
  phone: string;
  /** Why the code is asked for. */
  text?: string;
  onConfirmed(): void;
  onCancel(): void;
}) {
  const { send, confirm } = useSmsStepUp();
  const countdown = useCountdown();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sendCode = () => {
    setError(null);
    send.mutate(phone, {
      onSuccess: () => {
        setSent(true);
        countdown.start(CONFIRMATION_TIMER_SECONDS);
      },
      onError: (failure) => setError(messageOf(failure, ruCabinet.auth.sendFailed)),
    });
  };
  return (
    <div className="sms-step-up" role="group" aria-label={t.stepUpTitle}>
      <h3 className="cabinet-form__title">{t.stepUpTitle}</h3>
      <p className="cabinet-form__lead">{text}</p>
      {sent ? (
        <CodeStep
          phone={formatPhone(phone)}
          secondsLeft={countdown.left}
          pending={confirm.isPending}
          confirmText={ruCabinet.auth.confirm}
          onResend={sendCode}
          onConfirm={(code) =>
            confirm.mutate(
              { phone, code },
              {
                onSuccess: () => {
                  countdown.stop();
                  onConfirmed();
                },
                onError: (failure) =>
                  setError(
                    hasCode(failure, 'INCORRECT_ACTIVATION_CODE')
                      ? ruCabinet.auth.wrongCode
                      : messageOf(failure, ruCabinet.auth.sendFailed),
                  ),
              },
            )
          }
        />
      ) : (
        <div className="loyalty-actions">
          <button type="button" className="button" disabled={send.isPending} onClick={sendCode}>
            {t.stepUpSend}
          </button>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t.stepUpCancel}
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
