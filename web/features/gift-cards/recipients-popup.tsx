import { useId, useState, type ChangeEvent } from 'react';
import { MAX_RECIPIENTS } from '#common/lib/gift-card-rules';
import { maskPhone } from '#common/lib/validation';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { TextField } from '#web/ui/text-field';
import { decodeRecipientsFile, parseRecipientsFile } from './recipients-file';
import { checkRecipientPhone, emptyRecipient, type RecipientDraft } from './sale-form';

const t = ruGiftCards;

interface RecipientsEditorProps {
  initial: RecipientDraft[];
  onDone(recipients: RecipientDraft[]): void;
  /** Opens the file popup with the list as it is now; it comes back here with the file's recipients added. */
  onFromFile(current: RecipientDraft[]): void;
}

/**
 * The recipients popup (spec section 2 "Popups"): the order's recipients, one card each. The first is the
 * form's own recipient; rows can be added up to the order's limit and removed. 'Готово' hands the list back;
 * rows left completely empty are dropped, the rest are checked on the form.
 */
export function RecipientsEditor({ initial, onDone, onFromFile }: RecipientsEditorProps) {
  const [rows, setRows] = useState<RecipientDraft[]>(initial.length ? initial : [emptyRecipient()]);
  const [touched, setTouched] = useState(false);
  const set = (index: number, patch: Partial<RecipientDraft>) =>
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const kept = () => {
    const filled = rows.filter((row, i) => i === 0 || row.phone.length > 2 || row.name.trim());
    return filled.length ? filled : [emptyRecipient()];
  };
  return (
    <div className="gc-recipients">
      <p className="gc-recipients__lead">{t.recipientsLead}</p>
      <ol className="gc-recipients__list">
        {rows.map((row, index) => (
          <li key={index} className="gc-recipients__row">
            <div className="gc-recipients__head">
              <span className="gc-recipients__title">{t.recipientRow(index + 1)}</span>
              {rows.length > 1 && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={t.removeRecipient(index + 1)}
                  onClick={() => setRows((list) => list.filter((_, i) => i !== index))}
                >
                  {t.remove}
                </button>
              )}
            </div>
            <div className="gc-recipients__fields">
              <TextField
                label={t.recipientPhone}
                aria-label={`${t.recipientRow(index + 1)}: ${t.recipientPhone.toLowerCase()}`}
                type="tel"
                mask="phone"
                inputMode="tel"
                autoComplete="off"
                required
                value={row.phone}
                error={touched || row.phone.length >= 18 ? checkRecipientPhone(row.phone) : null}
                onFocus={() => row.phone === '' && set(index, { phone: '+7' })}
                onValue={(value) => set(index, { phone: maskPhone(value) })}
              />
              <TextField
                label={t.recipientName}
                aria-label={`${t.recipientRow(index + 1)}: ${t.recipientName.toLowerCase()}`}
                autoComplete="off"
                maxLength={100}
                value={row.name}
                onValue={(name) => set(index, { name })}
              />
            </div>
          </li>
        ))}
      </ol>
      <div className="gc-recipients__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={rows.length >= MAX_RECIPIENTS}
          onClick={() => setRows((list) => [...list, emptyRecipient()])}
        >
          {t.addRecipient}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onFromFile(kept())}>
          {t.fromFile}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setTouched(true);
            onDone(kept());
          }}
        >
          {t.done}
        </button>
      </div>
    </div>
  );
}

interface RecipientsFileProps {
  current: RecipientDraft[];
  onDone(recipients: RecipientDraft[]): void;
}

/**
 * The file popup: recipients from a CSV or text file, read in the browser (nothing is uploaded). The file's
 * recipients are added after the ones already listed, up to the order's limit; skipped lines are named.
 */
export function RecipientsFile({ current, onDone }: RecipientsFileProps) {
  const inputId = useId();
  const [result, setResult] = useState<{ added: RecipientDraft[]; message: string[] } | null>(null);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const parsed = parseRecipientsFile(decodeRecipientsFile(new Uint8Array(await file.arrayBuffer())));
    const known = new Set(current.map((r) => r.phone));
    const fresh = parsed.recipients.filter((r) => !known.has(r.phone));
    const room = MAX_RECIPIENTS - current.filter((r) => r.phone.length > 2).length;
    const added = fresh.slice(0, Math.max(0, room));
    const message = [
      parsed.recipients.length ? t.fileAdded(added.length) : t.fileEmpty,
      ...(fresh.length > added.length ? [t.fileTooMany(MAX_RECIPIENTS)] : []),
      ...(parsed.skippedLines.length ? [t.fileSkipped(parsed.skippedLines.slice(0, 10).join(', '))] : []),
    ];
    setResult({ added, message });
  };
  const merged = () => [
    ...current.filter((r) => r.phone.length > 2 || r.name.trim()),
    ...(result?.added ?? []),
  ];
  return (
    <div className="gc-file">
      <p>{t.fileLead}</p>
      <label className="field__label" htmlFor={inputId}>
        {t.fileChoose}
      </label>
      <input id={inputId} type="file" accept=".csv,.txt,text/csv,text/plain" onChange={onFile} />
      <div role="status" className="gc-file__status">
        {result?.message.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <button type="button" className="button" onClick={() => onDone(merged())}>
        {t.done}
      </button>
    </div>
  );
}
