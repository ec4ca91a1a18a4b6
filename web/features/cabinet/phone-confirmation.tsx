import { useEffect, useState } from 'react';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { hasCode, messageOf } from '#web/lib/api-errors';
import { useIsLoggedIn } from '#web/lib/session';
import { useConfirmCode, useSendCode } from './auth-api';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';
import { useCountdown } from './use-countdown';

/** Spec section 9: the resend countdown. */
export const CONFIRMATION_TIMER_SECONDS = 60;

/** `+7 (900) 111-22-33` -> `79001112233`, the phone as the API carries it. */
const phoneDigits = (masked: string) => `7${masked.replace(/\D/g, '').slice(1)}`;

function cookiesAvailable(): boolean {
  try {
    return navigator.cookieEnabled && typeof window.localStorage !== 'undefined';
  } catch {
    return false;
  }
}

interface PhoneConfirmationProps {
  /** The final button's text (spec default 'Подтвердить'). */
  confirmText?: string;
  /** Runs once the phone is confirmed (at once when already logged in). */
  onConfirmed(): void;
}

/** Spec section 2 "Phone confirmation block" with the states of section 4 and the errors of section 8. */
export function PhoneConfirmation({
  confirmText = ruCabinet.auth.confirm,
  onConfirmed,
}: PhoneConfirmationProps) {
  const isLoggedIn = useIsLoggedIn();
  const sendCode = useSendCode();
  const confirmCode = useConfirmCode();
  const countdown = useCountdown();
  const [phone, setPhone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cookiesOff, setCookiesOff] = useState(false);

  useEffect(() => {
    if (isLoggedIn) onConfirmed();
  }, [isLoggedIn, onConfirmed]);

  const handleSend = (masked: string) => {
    if (!cookiesAvailable()) {
      setCookiesOff(true);
      return;
    }
    setError(null);
    sendCode.mutate(phoneDigits(masked), {
      onSuccess: () => {
        setPhone(masked);
        countdown.start(CONFIRMATION_TIMER_SECONDS);
      },
      onError: (failure) => setError(messageOf(failure, ruCabinet.auth.sendFailed)),
    });
  };

  const handleConfirm = (code: string) => {
    if (!phone) return;
    setError(null);
    confirmCode.mutate(
      { phone: phoneDigits(phone), code },
      {
        onSuccess: () => countdown.stop(),
        onError: (failure) =>
          setError(
            hasCode(failure, 'INCORRECT_ACTIVATION_CODE')
              ? ruCabinet.auth.wrongCode
              : messageOf(failure, ruCabinet.auth.sendFailed),
          ),
      },
    );
  };

  if (cookiesOff) {
    return (
      <div className="auth-error" role="alert">
        <p className="auth-error__title">{ruCabinet.auth.cookiesOff}</p>
        <p>{ruCabinet.auth.cookiesOffText}</p>
      </div>
    );
  }
  return (
    <div className="phone-confirmation">
      {phone === null ? (
        <PhoneStep pending={sendCode.isPending} onSend={handleSend} />
      ) : (
        !isLoggedIn && (
          <CodeStep
            phone={phone}
            secondsLeft={countdown.left}
            pending={confirmCode.isPending}
            confirmText={confirmText}
            onResend={() => handleSend(phone)}
            onConfirm={handleConfirm}
            onChangePhone={() => {
              setPhone(null);
              setError(null);
              countdown.stop();
            }}
          />
        )
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
