import { useId, useState, type FormEvent } from 'react';
import { checkEmail, VALIDATION_MESSAGES } from '#common/lib/validation';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { TextField } from '#web/ui/text-field';
import { customerMessageOf, errorCodeOf } from '#web/lib/api-errors';
import { useSendCheque } from './use-payment';

/** 'Отправить чек на e-mail' on the finish page (`sendCheque`; the same cheque to the same address goes once). */
export function ChequeForm({ draftId }: { draftId: string }) {
  const titleId = useId();
  const send = useSendCheque();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = trimmed ? checkEmail(trimmed) : VALIDATION_MESSAGES.required;
    if (problem) {
      setError(problem);
      return;
    }
    send.mutate({ draftId, email: trimmed }, { onSuccess: () => setSentTo(trimmed) });
  };
  return (
    <form className="loyalty-cheque" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 className="loyalty-cheque__title" id={titleId}>
        {ruLoyalty.chequeTitle}
      </h3>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={500}
        value={email}
        error={error}
        onValue={(value) => {
          setEmail(value);
          setError(null);
          setSentTo(null);
        }}
      />
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? ruLoyalty.chequeSending : ruLoyalty.chequeSend}
      </button>
      <p className={sentTo ? 'form-success' : 'form-error'} role="status">
        {sentTo
          ? ruLoyalty.chequeSent(sentTo)
          : send.error &&
            `${customerMessageOf(send.error)} (${ruLoyalty.errorCode(errorCodeOf(send.error))})`}
      </p>
    </form>
  );
}
