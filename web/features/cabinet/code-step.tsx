import { useId, useState, type FormEvent } from 'react';
import { ruCabinet } from '#web/i18n/ru-cabinet';

interface CodeStepProps {
  phone: string;
  secondsLeft: number;
  pending: boolean;
  confirmText: string;
  onResend(): void;
  onConfirm(code: string): void;
  /** 'Изменить номер'; left out where the phone is fixed (the SMS step before saving a bank card). */
  onChangePhone?(): void;
}

const CODE = /^\d{5}$/;

/**
 * The second half: 'Пароль из СМС' (5 digits), the resend countdown 'Повторная отправка возможна через 0:SS'
 * then 'Отправить код повторно', and the confirm button, enabled once the code is complete and not pending.
 */
export function CodeStep(props: CodeStepProps) {
  const [code, setCode] = useState('');
  const codeId = useId();
  const canConfirm = CODE.test(code) && !props.pending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm) props.onConfirm(code);
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate>
      <p className="auth-form__sent">
        {ruCabinet.auth.codeSentTo(props.phone)}{' '}
        {props.onChangePhone && (
          <button type="button" className="link-button" onClick={props.onChangePhone}>
            {ruCabinet.auth.changePhone}
          </button>
        )}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={codeId}>
          {ruCabinet.auth.codeLabel}{' '}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={codeId}
          className="field__input field__input--code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={5}
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 5))}
        />
      </div>
      <p className="auth-form__resend" aria-live="polite">
        {props.secondsLeft > 0 ? (
          ruCabinet.auth.resendIn(props.secondsLeft)
        ) : (
          <button type="button" className="link-button" onClick={props.onResend}>
            {ruCabinet.auth.resend}
          </button>
        )}
      </p>
      <button
        type="submit"
        className="button auth-form__submit"
        disabled={!canConfirm}
        aria-busy={props.pending}
      >
        {props.confirmText}
      </button>
    </form>
  );
}
