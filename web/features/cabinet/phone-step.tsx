import { useId, useState, type FormEvent } from 'react';
import { checkPhone, maskPhone, PHONE_MASKED } from '#common/lib/validation';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useSettings } from '#web/lib/settings';
import { useInputMask } from '#web/ui/input-masks';

interface PhoneStepProps {
  pending: boolean;
  onSend(maskedPhone: string): void;
}

/**
 * The first half of the phone confirmation block: the phone with its mask (focus on an empty field prefills
 * the 7), the terms checkbox, and 'Отправить код', enabled once the phone is complete and the terms ticked.
 */
export function PhoneStep({ pending, onSend }: PhoneStepProps) {
  const settings = useSettings();
  const [phone, setPhone] = useState('');
  const phoneMask = useInputMask('phone');
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState(false);
  const phoneId = useId();
  const errorId = useId();
  const error = touched ? checkPhone(phone) : null;
  const canSend = PHONE_MASKED.test(phone) && terms && !pending;
  const termsUrl = settings.bonusTermsURL ?? '/about';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend(phone);
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={phoneId}>
          {ruCabinet.auth.phoneLabel}{' '}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={phoneId}
          className="field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (___) ___-__-__"
          maxLength={18}
          required
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onFocus={() => phone === '' && setPhone('+7')}
          ref={phoneMask}
          onChange={(event) => setPhone(maskPhone(event.target.value))}
          onInput={(event) => setPhone(maskPhone(event.currentTarget.value))}
          onBlur={() => setTouched(true)}
        />
        {/* The line is kept even when empty, so a message appearing on blur moves nothing under it. */}
        <p className="field__error field__error--reserved" id={errorId}>
          {error}
        </p>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={terms}
          onChange={(event) => setTerms(event.target.checked)}
          required
        />
        <span>
          {ruCabinet.auth.termsPrefix}
          <a href={termsUrl} target={settings.bonusTermsURL ? '_blank' : undefined} rel="noopener">
            {ruCabinet.auth.termsLink}
          </a>
        </span>
      </label>
      <button type="submit" className="button auth-form__submit" disabled={!canSend} aria-busy={pending}>
        {ruCabinet.auth.sendCode}
      </button>
    </form>
  );
}
