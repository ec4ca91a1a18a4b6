import type { BrandSettings } from '#common/contract/header';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { LabelledField } from '../kit/field';
import { TextInput, type FieldErrors } from './form-fields';

const t = ruAdminContent.settings.fiscal;
type Fiscal = BrandSettings['fiscal'];

/** A closed list as a labelled select, its options named by `names`. */
function Choice<K extends string>({
  label,
  value,
  names,
  error,
  disabled,
  onValue,
}: {
  label: string;
  value: K;
  names: Record<K, string>;
  error?: string;
  disabled: boolean;
  onValue: (value: K) => void;
}) {
  return (
    <LabelledField label={label} error={error}>
      {(control) => (
        <select {...control} value={value} disabled={disabled} onChange={(e) => onValue(e.target.value as K)}>
          {(Object.keys(names) as K[]).map((key) => (
            <option key={key} value={key}>
              {names[key]}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/**
 * The brand's 54-FZ details (decision 070): who issues the receipt, and the seller's INN, tax system, default VAT,
 * e-mail and settlement address. The server refuses a mode other than the till's until they are right (the INN's
 * check digits too), and its message shows under the field.
 */
export function FiscalFieldset({
  settings,
  errors,
  disabled,
  set,
}: {
  settings: BrandSettings;
  errors: FieldErrors;
  disabled: boolean;
  set: (patch: Partial<BrandSettings>) => void;
}) {
  const fiscal = settings.fiscal;
  const change = (patch: Partial<Fiscal>) => set({ fiscal: { ...fiscal, ...patch } });
  return (
    <fieldset>
      <legend>{t.legend}</legend>
      <p className="admin-muted">{t.hint}</p>
      <Choice
        label={t.mode}
        value={fiscal.mode}
        names={t.modes}
        error={errors['fiscal.mode']}
        disabled={disabled}
        onValue={(mode) => change({ mode })}
      />
      <TextInput
        label={t.inn}
        hint={t.innHint}
        value={fiscal.inn}
        error={errors['fiscal.inn']}
        disabled={disabled}
        inputMode="numeric"
        maxLength={12}
        onValue={(inn) => change({ inn: inn.trim() })}
      />
      <Choice
        label={t.taxSystem}
        value={fiscal.taxSystem}
        names={t.taxSystems}
        error={errors['fiscal.taxSystem']}
        disabled={disabled}
        onValue={(taxSystem) => change({ taxSystem })}
      />
      <Choice
        label={t.defaultVat}
        value={fiscal.defaultVat}
        names={t.vats}
        error={errors['fiscal.defaultVat']}
        disabled={disabled}
        onValue={(defaultVat) => change({ defaultVat })}
      />
      <TextInput
        label={t.sellerEmail}
        type="email"
        value={fiscal.sellerEmail}
        error={errors['fiscal.sellerEmail']}
        disabled={disabled}
        maxLength={120}
        onValue={(sellerEmail) => change({ sellerEmail: sellerEmail.trim() })}
      />
      <TextInput
        label={t.paymentAddress}
        value={fiscal.paymentAddress}
        error={errors['fiscal.paymentAddress']}
        disabled={disabled}
        maxLength={256}
        onValue={(paymentAddress) => change({ paymentAddress })}
      />
      <Choice
        label={t.ffdVersion}
        value={fiscal.ffdVersion}
        names={t.ffdVersions}
        error={errors['fiscal.ffdVersion']}
        disabled={disabled}
        onValue={(ffdVersion) => change({ ffdVersion })}
      />
    </fieldset>
  );
}
