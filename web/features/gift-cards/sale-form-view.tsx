import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DEFAULT_MAX_LENGTH, maskPhone } from '../../../common/lib/validation';
import type { GiftCardImage } from '../../../common/contract/gift-cards';
import { ruGiftCards } from '../../i18n/ru-gift-cards';
import { useShell } from '../../ui/shell-state';
import { TextField } from '../../ui/text-field';
import { RecipientsEditor, RecipientsFile } from './recipients-popup';
import {
  congratulationError,
  isSaleFormValid,
  trackFields,
  type RecipientDraft,
  type SaleFormValues,
} from './sale-form';

const t = ruGiftCards;
const NOMINAL_PRESETS = ['500', '1000', '3000', '5000'];

interface SaleFormViewProps {
  values: SaleFormValues;
  onChange(values: SaleFormValues): void;
  images: GiftCardImage[];
  percentRate: number;
  busy: boolean;
  /** The server's refusal of the last order, if any. */
  failure: string | null;
  onSubmit(): void;
  /** The company form puts its details first; `shown` says whether their messages should show yet. */
  renderBefore?(shown: boolean): ReactNode;
  /** Whether what `renderBefore` shows is valid too (the company's details). */
  beforeValid?: boolean;
  emailLabel?: string;
  submitLabel?: string;
}

/**
 * The gift-card form: picture, nominal, the recipient (more in the recipients popup), congratulation,
 * sending time and the e-mail for the cheque. Messages show once a field was left or the form was sent.
 */
export function SaleFormView({
  values,
  onChange,
  images,
  percentRate,
  busy,
  failure,
  onSubmit,
  renderBefore,
  beforeValid = true,
  emailLabel = t.email,
  submitLabel = t.toPayment,
}: SaleFormViewProps) {
  const { openPopup, closePopup } = useShell();
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [sent, setSent] = useState(false);
  const now = new Date();
  const errors = trackFields(values, now);
  const congratulation = congratulationError(values);
  const errorOf = (field: string, error: string | null) => (sent || shown[field] ? error : null);
  const leave = (field: string) => () => setShown((s) => ({ ...s, [field]: true }));
  const set = (patch: Partial<SaleFormValues>) => onChange({ ...values, ...patch });
  const first = values.recipients[0]!;
  const setFirst = (patch: Partial<RecipientDraft>) =>
    set({ recipients: [{ ...first, ...patch }, ...values.recipients.slice(1)] });

  const setRecipients = (recipients: RecipientDraft[]) => {
    set({ recipients });
    closePopup();
  };
  const openRecipients = (list: RecipientDraft[]) =>
    openPopup({
      title: t.recipientsTitle,
      content: <RecipientsEditor initial={list} onDone={setRecipients} onFromFile={openFile} />,
    });
  const openFile = (current: RecipientDraft[]) =>
    openPopup({
      title: t.fileTitle,
      content: <RecipientsFile current={current} onDone={openRecipients} />,
    });

  const form = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    if (beforeValid && isSaleFormValid(values, now)) return onSubmit();
    // The messages render with this state change; then the first field to fix gets the focus.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const extraErrors = values.recipients.slice(1).some((_, i) => errors[`phone${i + 1}`]);

  return (
    <form ref={form} className="gc-form" noValidate onSubmit={submit}>
      {renderBefore?.(sent)}
      <fieldset className="gc-designs">
        <legend className="field__label">{t.design}</legend>
        <div className="gc-designs__list">
          {images.map((image, index) => (
            <label key={image.id} className="gc-design">
              <input
                type="radio"
                name="design"
                value={image.id}
                checked={values.imageId === image.id}
                onChange={() => set({ imageId: image.id })}
              />
              <img src={image.imageUrl} alt={t.designOption(index + 1)} width={160} height={100} />
            </label>
          ))}
        </div>
      </fieldset>

      <div className="gc-form__grid">
        <div>
          <TextField
            label={t.nominal}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={5}
            value={values.nominal}
            error={errorOf('nominal', errors.nominal ?? null)}
            onBlur={leave('nominal')}
            onValue={(nominal) => {
              set({ nominal });
              if (/\D/.test(nominal)) setShown((s) => ({ ...s, nominal: true }));
            }}
          />
          <div className="gc-presets" role="group" aria-label={t.nominalPresets}>
            {NOMINAL_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className="chip"
                aria-pressed={values.nominal === preset}
                onClick={() => set({ nominal: preset })}
              >
                {Number(preset).toLocaleString('ru-RU')}&nbsp;₽
              </button>
            ))}
          </div>
        </div>
        <TextField
          label={emailLabel}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errorOf('email', errors.email ?? null)}
          onBlur={leave('email')}
          onValue={(email) => set({ email })}
        />
        <TextField
          label={t.recipient}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          value={first.phone}
          error={errorOf('phone0', errors.phone0 ?? null)}
          onFocus={() => first.phone === '' && setFirst({ phone: '+7' })}
          onBlur={leave('phone0')}
          onValue={(phone) => setFirst({ phone: maskPhone(phone) })}
        />
        <TextField
          label={t.recipientName}
          autoComplete="off"
          maxLength={100}
          value={first.name}
          onValue={(name) => setFirst({ name })}
        />
      </div>

      <div className="gc-more">
        <span className={extraErrors && sent ? 'gc-more__count gc-more__count--error' : 'gc-more__count'}>
          {t.moreRecipients(values.recipients.length - 1)}
        </span>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => openRecipients(values.recipients)}
        >
          {t.editRecipients}
        </button>
      </div>

      <div className="field">
        <label className="field__label" htmlFor="gc-congratulation">
          {t.congratulation}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <textarea
          id="gc-congratulation"
          className="field__input field__input--area"
          rows={4}
          required
          maxLength={DEFAULT_MAX_LENGTH + 1}
          value={values.congratulation}
          aria-invalid={errorOf('congratulation', congratulation) ? true : undefined}
          aria-describedby="gc-congratulation-hint gc-congratulation-error"
          onBlur={leave('congratulation')}
          onChange={(event) => set({ congratulation: event.target.value })}
        />
        <p className="field__hint" id="gc-congratulation-hint">
          {t.congratulationHint}
        </p>
        <p className="field__error field__error--reserved" id="gc-congratulation-error">
          {errorOf('congratulation', congratulation)}
        </p>
      </div>

      <fieldset className="gc-when">
        <legend className="field__label">{t.when}</legend>
        <label className="gc-when__option">
          <input
            type="radio"
            name="when"
            checked={!values.sendLater}
            onChange={() => set({ sendLater: false })}
          />
          <span>{t.sendNow}</span>
        </label>
        <label className="gc-when__option">
          <input
            type="radio"
            name="when"
            checked={values.sendLater}
            onChange={() => set({ sendLater: true })}
          />
          <span>{t.sendLater}</span>
        </label>
        {values.sendLater && (
          <TextField
            label={t.sendingDate}
            type="datetime-local"
            required
            value={values.sendingDate}
            error={errorOf('sendingDate', errors.sendingDate ?? null)}
            onBlur={leave('sendingDate')}
            onValue={(sendingDate) => set({ sendingDate })}
          />
        )}
      </fieldset>

      <p className="gc-terms">{t.terms(percentRate)}</p>
      <button type="submit" className="button gc-form__submit" disabled={busy}>
        {busy ? t.creating : submitLabel}
      </button>
      <p className="form-error" role="status">
        {failure ?? (sent && !(beforeValid && isSaleFormValid(values, now)) ? t.formInvalid : null)}
      </p>
    </form>
  );
}
