import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { maskPhone } from '#common/lib/validation';
import type { GiftCardImage } from '#common/contract/gift-cards';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { useShell } from '#web/ui/shell-state';
import { TextField } from '#web/ui/text-field';
import { RecipientsEditor, RecipientsFile } from './recipients-popup';
import {
  CongratulationField,
  DesignChoice,
  MoreRecipients,
  NominalField,
  SendingTime,
} from './sale-form-parts';
import {
  congratulationError,
  isSaleFormValid,
  trackFields,
  type RecipientDraft,
  type SaleFormValues,
} from './sale-form';

const t = ruGiftCards;

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
      <DesignChoice images={images} imageId={values.imageId} onChoose={(imageId) => set({ imageId })} />

      <div className="gc-form__grid">
        <NominalField
          value={values.nominal}
          error={errorOf('nominal', errors.nominal ?? null)}
          onBlur={leave('nominal')}
          onValue={(nominal) => {
            set({ nominal });
            if (/\D/.test(nominal)) setShown((s) => ({ ...s, nominal: true }));
          }}
        />
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

      <MoreRecipients
        count={values.recipients.length - 1}
        hasErrors={extraErrors && sent}
        onEdit={() => openRecipients(values.recipients)}
      />
      <CongratulationField
        value={values.congratulation}
        error={errorOf('congratulation', congratulation)}
        onBlur={leave('congratulation')}
        onValue={(text) => set({ congratulation: text })}
      />
      <SendingTime
        sendLater={values.sendLater}
        onSendLater={(sendLater) => set({ sendLater })}
        value={values.sendingDate}
        error={errorOf('sendingDate', errors.sendingDate ?? null)}
        onBlur={leave('sendingDate')}
        onValue={(sendingDate) => set({ sendingDate })}
      />

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
