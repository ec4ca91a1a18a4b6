import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { TextInput } from './form-fields';

const t = ruAdminContent.settings;

export const COLOURS = [
  'colorPrimary',
  'colorPrimaryDark',
  'colorOnPrimary',
  'colorAccent',
  'colorOnSecondary',
] as const;

/** A colour: picked from the palette or typed as #rrggbb. */
export function ColourField({
  name,
  value,
  error,
  disabled,
  onValue,
}: {
  name: (typeof COLOURS)[number];
  value: string;
  error?: string;
  disabled: boolean;
  onValue: (value: string) => void;
}) {
  return (
    <div className="content-colour">
      <input
        type="color"
        aria-label={`${t[name]}: палитра`}
        value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
        disabled={disabled}
        onChange={(e) => onValue(e.target.value)}
      />
      <TextInput
        label={t[name]}
        value={value}
        error={error}
        hint={t.hexHint}
        disabled={disabled}
        maxLength={7}
        onValue={onValue}
      />
    </div>
  );
}

/** A module: on or off, and its name in the menu. */
export function ModuleRow({
  name,
  on,
  error,
  disabled,
  onChange,
}: {
  name: string;
  on: boolean;
  error?: string;
  disabled: boolean;
  onChange: (patch: { name?: string; disabled?: boolean }) => void;
}) {
  return (
    <div className="content-module">
      <input
        type="checkbox"
        checked={on}
        disabled={disabled}
        aria-label={t.moduleOn(name)}
        onChange={(e) => onChange({ disabled: !e.target.checked })}
      />
      <input
        type="text"
        value={name}
        disabled={disabled}
        aria-label={t.moduleName(name)}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      {error && <span className="admin-error">{error}</span>}
    </div>
  );
}
