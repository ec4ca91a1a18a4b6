import { useState, type FormEvent } from 'react';
import { checkEmail, checkMaxLength, checkPhone, checkRequired, maskPhone } from '#common/lib/validation';
import { ru } from '#web/i18n/ru';
import { ruContacts } from '#web/i18n/ru-contacts';
import { ApiError } from '#web/lib/api-client';
import { useInputMask } from '#web/ui/input-masks';
import { useApi } from '#web/lib/api-context';

type Field = 'name' | 'phone' | 'email' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', phone: '', email: '', message: '' };

/** The spec's rules (section 5), the same functions the server's schema uses. */
function validate(v: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const name = checkRequired(v.name) ?? checkMaxLength(v.name, 100);
  const message = checkRequired(v.message) ?? checkMaxLength(v.message);
  const phone = checkPhone(v.phone);
  const email = checkEmail(v.email);
  if (name) errors.name = name;
  if (message) errors.message = message;
  if (phone) errors.phone = phone;
  if (email) errors.email = email;
  if (!phone && !email && v.phone.length <= 1 && !v.email) errors.phone = ruContacts.contactNeeded;
  return errors;
}

export function FeedbackForm() {
  const api = useApi();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const phoneMask = useInputMask('phone');

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: field === 'phone' ? maskPhone(value) : value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setStatus('sending');
    try {
      await api.request('POST /api/feedback', {
        body: values.phone.length > 1 ? values : { ...values, phone: '' },
      });
      setStatus('sent');
      setValues(EMPTY);
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiError && error.body?.fields) setErrors(error.body.fields);
      setFailure(error instanceof ApiError ? error.message : ru.shell.somethingWrong);
    }
  };

  const field = (name: Field, label: string, required: boolean, props: object = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={`feedback-${name}`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {name === 'message' ? (
        <textarea
          id={`feedback-${name}`}
          className="field__input field__input--area"
          value={values[name]}
          rows={5}
          required
          aria-invalid={Boolean(errors[name])}
          aria-describedby={errors[name] ? `feedback-${name}-error` : undefined}
          onChange={(e) => set(name, e.target.value)}
        />
      ) : (
        <input
          id={`feedback-${name}`}
          className="field__input"
          value={values[name]}
          required={required}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={errors[name] ? `feedback-${name}-error` : undefined}
          onChange={(e) => set(name, e.target.value)}
          onInput={(e) => set(name, e.currentTarget.value)}
          {...props}
        />
      )}
      {errors[name] && (
        <p className="field__error" id={`feedback-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className="feedback" aria-labelledby="feedback-title">
      <h2 className="section-title" id="feedback-title">
        {ruContacts.formTitle}
      </h2>
      <p className="page__lead">{ruContacts.formLead}</p>
      <form className="feedback__form" noValidate onSubmit={onSubmit}>
        {field('name', ruContacts.name, true, { autoComplete: 'name' })}
        {field('phone', ruContacts.phoneField, false, {
          type: 'tel',
          autoComplete: 'tel',
          inputMode: 'tel',
          ref: phoneMask,
        })}
        {field('email', ruContacts.emailField, false, { type: 'email', autoComplete: 'email' })}
        {field('message', ruContacts.message, true)}
        <button className="button" type="submit" disabled={status === 'sending'}>
          {status === 'sending' ? ruContacts.sending : ruContacts.send}
        </button>
        <div role="status" className="feedback__status">
          {status === 'sent' && <p className="feedback__sent">{ruContacts.sent}</p>}
          {failure && <p className="field__error">{failure}</p>}
        </div>
      </form>
    </section>
  );
}
