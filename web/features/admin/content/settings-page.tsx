import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { BrandSettings } from '#common/contract/header';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi, adminErrorText } from '../admin-api';
import { BrandPreview } from './brand-preview';
import { ContentStyles } from './content-styles';
import { errorAt, fieldErrorsOf, saveFailureText, TextInput, useCan, type FieldErrors } from './form-fields';
import { base64Of, pictureFileProblem, PICTURE_TYPES, type PictureType } from './picture-file';
import { withEdits } from './settings-edits';

const t = ruAdminContent.settings;
const KEY = ['admin', 'settings'];
/** The logo's picture name (spec: the header's `logo`). */
const LOGO = 'xxhdpi_logo_small';
const COLOURS = [
  'colorPrimary',
  'colorPrimaryDark',
  'colorOnPrimary',
  'colorAccent',
  'colorOnSecondary',
] as const;

function ColourField({
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

/** `/admin/settings`: the brand's name, colours and logo with a live preview, and the site's modules on or off. */
export function SettingsPage() {
  const queryClient = useQueryClient();
  const canWrite = useCan('settings.write');
  const saved = useQuery({ queryKey: KEY, queryFn: () => adminApi().request('GET /api/operator/settings') });
  // Only the fields this form changed: a save applies them to the settings as they are then, so a change made
  // meanwhile elsewhere (the Programme screen's bonuses and levels, another person) is not put back.
  const [edits, setEdits] = useState<Partial<BrandSettings>>({});
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [logoVersion, setLogoVersion] = useState(0);
  useEffect(
    () => () => {
      if (logo) URL.revokeObjectURL(logo.url);
    },
    [logo],
  );

  if (!saved.data)
    return <p role="status">{saved.isError ? adminErrorText(saved.error) : ruAdmin.loading}</p>;
  const settings = { ...saved.data, ...edits };
  const set = (patch: Partial<BrandSettings>) => setEdits((e) => ({ ...e, ...patch }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      if (logo) {
        const problem = pictureFileProblem(logo.file);
        if (problem) {
          setErrors({ logo: problem });
          setMessage({ text: ruAdminContent.fixFields, failed: true });
          return;
        }
        await adminApi().request('PUT /api/operator/pictures/:name', {
          params: { name: LOGO },
          body: { contentType: logo.file.type as PictureType, data: await base64Of(logo.file) },
        });
        setLogo(null);
        setLogoVersion((v) => v + 1);
      }
      const fresh = await adminApi().request('GET /api/operator/settings');
      const next = await adminApi().request('PUT /api/operator/settings', { body: withEdits(fresh, edits) });
      queryClient.setQueryData(KEY, next);
      setEdits({});
      setErrors({});
      setMessage({ text: ruAdminContent.saved, failed: false });
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      setMessage({ text: saveFailureText(failure), failed: true });
    }
  };

  const logoUrl = logo?.url ?? `/api/proxy/pictures/${LOGO}?v=${logoVersion}`;
  return (
    <>
      <ContentStyles />
      <h1>{t.heading}</h1>
      {!canWrite && <p className="admin-muted">{ruAdminContent.readOnly}</p>}
      <div className="content-settings">
        <form aria-label={t.heading} onSubmit={(e) => void save(e)} noValidate>
          <fieldset>
            <legend>{t.brand}</legend>
            <TextInput
              label={t.title}
              value={settings.title}
              error={errors.title}
              disabled={!canWrite}
              onValue={(title) => set({ title })}
            />
            <TextInput
              label={t.name}
              value={settings.name}
              error={errors.name}
              disabled={!canWrite}
              onValue={(name) => set({ name })}
            />
            <TextInput
              label={t.description}
              value={settings.description}
              error={errors.description}
              disabled={!canWrite}
              onValue={(description) => set({ description })}
            />
            <div className="admin-field">
              <label htmlFor="settings-logo">{t.logo}</label>
              <input
                id="settings-logo"
                type="file"
                accept={PICTURE_TYPES.join(',')}
                disabled={!canWrite}
                aria-describedby={errors.logo ? 'settings-logo-error' : undefined}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  setLogo(file ? { file, url: URL.createObjectURL(file) } : null);
                  setErrors(({ logo: _l, ...rest }) => rest);
                }}
              />
              {logo && <span className="admin-muted">{t.logoChosen(logo.file.name)}</span>}
              {errors.logo && (
                <span className="admin-error" id="settings-logo-error">
                  {errors.logo}
                </span>
              )}
            </div>
          </fieldset>
          <fieldset>
            <legend>{t.colours}</legend>
            <div className="content-row content-colours">
              {COLOURS.map((name) => (
                <ColourField
                  key={name}
                  name={name}
                  value={settings[name]}
                  error={errors[name]}
                  disabled={!canWrite}
                  onValue={(value) => set({ [name]: value })}
                />
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>{t.modules}</legend>
            <p className="admin-muted">{t.modulesHint}</p>
            {settings.modules.map((m, i) => (
              <ModuleRow
                key={m.id}
                name={m.name}
                on={!m.disabled}
                error={errorAt(errors, `modules.${i}`)}
                disabled={!canWrite}
                onChange={(patch) =>
                  set({ modules: settings.modules.map((x, j) => (j === i ? { ...x, ...patch } : x)) })
                }
              />
            ))}
            {settings.customModules.length > 0 && <p className="admin-muted">{t.customModules}</p>}
            {settings.customModules.map((m, i) => (
              <ModuleRow
                key={m.id}
                name={m.name}
                on={!m.disabled}
                error={errorAt(errors, `customModules.${i}`)}
                disabled={!canWrite}
                onChange={(patch) =>
                  set({
                    customModules: settings.customModules.map((x, j) => (j === i ? { ...x, ...patch } : x)),
                  })
                }
              />
            ))}
          </fieldset>
          {message && (
            <p
              className={message.failed ? 'admin-error' : 'admin-muted'}
              role={message.failed ? 'alert' : 'status'}
            >
              {message.text}
            </p>
          )}
          {canWrite && <button className="admin-button">{ruAdminContent.save}</button>}
        </form>
        <BrandPreview settings={settings} logo={logoUrl} />
      </div>
    </>
  );
}

/** A module: on or off, and its name in the menu. */
function ModuleRow({
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
