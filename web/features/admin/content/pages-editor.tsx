import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { OperatorDocuments } from '#common/contract/operator-content';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi, adminErrorText } from '../api';
import { useCan } from '../kit/can';
import { LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';
import { errorAt, fieldErrorsOf, saveFailureText, SaveStatus, TextArea, TextInput } from './form-fields';
import { DateTimeInput } from './date-inputs';

const t = ruAdminContent;
type Name = keyof OperatorDocuments;

/**
 * How each field of a page is edited: a line, a text, a line that may be empty (null), lines, socials, or a
 * moment (dd.mm.yyyy HH:MM on the brand's clock, decision 054).
 */
type Kind = 'line' | 'area' | 'nullable' | 'lines' | 'pointId' | 'socials' | 'when';
const FIELDS: { [N in Name]: [keyof OperatorDocuments[N] & string, Kind][] } = {
  rules: [
    ['about', 'area'],
    ['creators', 'line'],
    ['link', 'nullable'],
    ['img', 'nullable'],
    ['phone', 'line'],
    ['email', 'line'],
  ],
  contacts: [
    ['title', 'line'],
    ['phone', 'line'],
    ['email', 'line'],
    ['address', 'line'],
    ['workingHours', 'line'],
    ['pointId', 'pointId'],
    ['socials', 'socials'],
  ],
  join: [
    ['title', 'line'],
    ['text', 'area'],
    ['steps', 'lines'],
    ['benefits', 'lines'],
  ],
  countdown: [
    ['title', 'line'],
    ['text', 'area'],
    ['date', 'when'],
  ],
  custom: [
    ['headline', 'line'],
    ['text', 'area'],
  ],
};
const NAMES = Object.keys(FIELDS) as Name[];

type Socials = OperatorDocuments['contacts']['socials'];
const socialsToText = (s: Socials) => s.map((x) => `${x.name} | ${x.url}`).join('\n');
const textToSocials = (text: string): Socials =>
  text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [name = '', ...url] = l.split('|');
      return { name: name.trim(), url: url.join('|').trim() };
    });

/** One field of a page, edited as its kind says; the value goes back in the shape the API's schema wants. */
function DocumentField({
  name,
  kind,
  value,
  error,
  disabled,
  onValue,
}: {
  name: string;
  kind: Kind;
  value: unknown;
  error?: string;
  disabled: boolean;
  onValue: (value: unknown) => void;
}) {
  const label = t.pages.fields[name] ?? name;
  switch (kind) {
    case 'area':
      return (
        <TextArea
          label={label}
          value={String(value ?? '')}
          error={error}
          disabled={disabled}
          rows={6}
          onValue={onValue}
        />
      );
    case 'lines':
      return (
        <TextArea
          label={label}
          value={(value as string[]).join('\n')}
          error={error}
          disabled={disabled}
          onValue={(v) => onValue(v.split('\n').filter((l) => l.trim()))}
        />
      );
    case 'socials':
      return (
        <TextArea
          label={label}
          value={socialsToText(value as Socials)}
          error={error}
          disabled={disabled}
          onValue={(v) => onValue(textToSocials(v))}
        />
      );
    case 'pointId':
      return (
        <TextInput
          label={label}
          type="number"
          value={value === null ? '' : String(value)}
          error={error}
          disabled={disabled}
          onValue={(v) => onValue(v.trim() ? Number(v) : null)}
        />
      );
    case 'when':
      return (
        <DateTimeInput
          label={label}
          value={String(value ?? '')}
          error={error}
          disabled={disabled}
          onValue={onValue}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          value={String(value ?? '')}
          error={error}
          disabled={disabled}
          onValue={(v) => onValue(kind === 'nullable' && !v.trim() ? null : v)}
        />
      );
  }
}

const DOCUMENTS_KEY = ['admin', 'content', 'documents'];

/** The pages (rules, contacts, join, countdown, custom), each a form checked with the API's schema. */
export function PagesEditor() {
  const canWrite = useCan('content.write');
  const documents = useQuery({
    queryKey: DOCUMENTS_KEY,
    queryFn: () => adminApi().request('GET /api/operator/documents'),
  });
  const [name, setName] = useState<Name>('rules');
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const action = useAction<() => Promise<void>>({
    run: (work) => work(),
    done: () => t.saved,
    invalidate: [DOCUMENTS_KEY],
    errorText: saveFailureText,
  });
  if (!documents.data)
    return <p role="status">{documents.isError ? adminErrorText(documents.error) : ruAdmin.loading}</p>;
  const value = draft ?? (documents.data[name] as Record<string, unknown>);
  const errors = fieldErrorsOf(action.failure);

  const choose = (next: Name) => {
    setName(next);
    setDraft(null);
    action.reset();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = `PUT /api/operator/documents/${name}` as const;
    action.run(async () => {
      await adminApi().request(key as 'PUT /api/operator/documents/rules', {
        body: value as OperatorDocuments['rules'],
      });
      setDraft(null);
    });
  };

  return (
    <section aria-label={t.pages.heading}>
      <div className="content-page-pick">
        <LabelledField label={t.pages.heading} id="content-page">
          {(control) => (
            <select {...control} value={name} onChange={(e) => choose(e.target.value as Name)}>
              {NAMES.map((n) => (
                <option key={n} value={n}>
                  {t.pages.names[n]}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      </div>
      {!canWrite && <p className="admin-muted">{t.readOnly}</p>}
      <form className="content-form" aria-label={t.pages.names[name]} onSubmit={save} noValidate>
        {(FIELDS[name] as [string, Kind][]).map(([field, kind]) => (
          <DocumentField
            key={`${name}.${field}`}
            name={field}
            kind={kind}
            value={value[field]}
            error={errorAt(errors, field)}
            disabled={!canWrite}
            onValue={(v) => setDraft({ ...value, [field]: v })}
          />
        ))}
        <SaveStatus action={action} />
        {canWrite && <button className="admin-button">{t.save}</button>}
      </form>
    </section>
  );
}
