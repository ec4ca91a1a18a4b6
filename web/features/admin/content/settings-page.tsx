import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { BrandSettings } from '#common/contract/header';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi, adminErrorText } from '../api';
import { BrandPreview } from './brand-preview';
import { ContentStyles } from './content-styles';
import { useCan } from '../kit/can';
import { LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';
import {
  errorAt,
  fieldErrorsOf,
  saveFailureText,
  SaveStatus,
  TextInput,
  type FieldErrors,
} from './form-fields';
import { base64Of, pictureFileProblem, PICTURE_TYPES, type PictureType } from './picture-file';
import { withEdits } from './settings-edits';
import { ColourField, COLOURS, ModuleRow } from './settings-fields';
import { FiscalFieldset } from './fiscal-fieldset';

const t = ruAdminContent.settings;
const KEY = ['admin', 'settings'];
/** The logo's picture name (spec: the header's `logo`). */
const LOGO = 'xxhdpi_logo_small';
type Logo = { file: File; url: string };
type Set = (patch: Partial<BrandSettings>) => void;

/**
 * `/admin/settings`: the brand's name, colours and logo with a live preview, the site's modules on or off, and the
 * 54-FZ receipts' mode and details (decision 070).
 */
export function SettingsPage() {
  const queryClient = useQueryClient();
  const canWrite = useCan('settings.write');
  // The fiscal details are the owner's (fiscal.write, decision 070): others see them read-only.
  const canWriteFiscal = useCan('fiscal.write');
  const saved = useQuery({ queryKey: KEY, queryFn: () => adminApi().request('GET /api/operator/settings') });
  // Only the fields this form changed: a save applies them to the settings as they are then, so a change made
  // meanwhile elsewhere (the Programme screen's bonuses and levels, another person) is not put back.
  const [edits, setEdits] = useState<Partial<BrandSettings>>({});
  const [logo, setLogo] = useState<Logo | null>(null);
  // Why the chosen logo cannot be sent, found here before anything is sent.
  const [logoProblem, setLogoProblem] = useState('');
  const [logoVersion, setLogoVersion] = useState(0);
  const action = useAction<() => Promise<void>>({
    run: (work) => work(),
    done: () => ruAdminContent.saved,
    errorText: saveFailureText,
  });
  useEffect(
    () => () => {
      if (logo) URL.revokeObjectURL(logo.url);
    },
    [logo],
  );

  if (!saved.data)
    return <p role="status">{saved.isError ? adminErrorText(saved.error) : ruAdmin.loading}</p>;
  const settings = { ...saved.data, ...edits };
  const set: Set = (patch) => setEdits((e) => ({ ...e, ...patch }));
  const errors: FieldErrors = {
    ...fieldErrorsOf(action.failure),
    ...(logoProblem ? { logo: logoProblem } : {}),
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem = logo ? pictureFileProblem(logo.file) : '';
    setLogoProblem(problem || '');
    if (problem) return action.reset();
    action.run(async () => {
      if (logo) {
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
    });
  };
  const fields = { settings, errors, disabled: !canWrite, set };

  return (
    <>
      <ContentStyles />
      <h1>{t.heading}</h1>
      {!canWrite && <p className="admin-muted">{ruAdminContent.readOnly}</p>}
      <div className="content-settings">
        <form aria-label={t.heading} onSubmit={save} noValidate>
          <BrandFieldset
            {...fields}
            logo={logo}
            onLogo={(chosen) => {
              setLogo(chosen);
              setLogoProblem('');
            }}
          />
          <ColoursFieldset {...fields} />
          <ModulesFieldset {...fields} />
          <FiscalFieldset {...fields} disabled={!canWrite || !canWriteFiscal} />
          {logoProblem ? (
            <p className="admin-error" role="alert">
              {ruAdminContent.fixFields}
            </p>
          ) : (
            <SaveStatus action={action} />
          )}
          {canWrite && <button className="admin-button">{ruAdminContent.save}</button>}
        </form>
        <BrandPreview
          settings={settings}
          logo={logo?.url ?? `/api/proxy/pictures/${LOGO}?v=${logoVersion}`}
        />
      </div>
    </>
  );
}

interface FieldsetProps {
  settings: BrandSettings;
  errors: FieldErrors;
  disabled: boolean;
  set: Set;
}

function BrandFieldset({
  settings,
  errors,
  disabled,
  set,
  logo,
  onLogo,
}: FieldsetProps & { logo: Logo | null; onLogo: (logo: Logo | null) => void }) {
  return (
    <fieldset>
      <legend>{t.brand}</legend>
      <TextInput
        label={t.title}
        value={settings.title}
        error={errors.title}
        disabled={disabled}
        onValue={(title) => set({ title })}
      />
      <TextInput
        label={t.name}
        value={settings.name}
        error={errors.name}
        disabled={disabled}
        onValue={(name) => set({ name })}
      />
      <TextInput
        label={t.description}
        value={settings.description}
        error={errors.description}
        disabled={disabled}
        onValue={(description) => set({ description })}
      />
      <LabelledField
        label={t.logo}
        id="settings-logo"
        hint={logo ? t.logoChosen(logo.file.name) : undefined}
        error={errors.logo}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            disabled={disabled}
            onChange={(e) => {
              const file = e.target.files?.[0];
              onLogo(file ? { file, url: URL.createObjectURL(file) } : null);
            }}
          />
        )}
      </LabelledField>
    </fieldset>
  );
}

function ColoursFieldset({ settings, errors, disabled, set }: FieldsetProps) {
  return (
    <fieldset>
      <legend>{t.colours}</legend>
      <div className="content-row content-colours">
        {COLOURS.map((name) => (
          <ColourField
            key={name}
            name={name}
            value={settings[name]}
            error={errors[name]}
            disabled={disabled}
            onValue={(value) => set({ [name]: value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

function ModulesFieldset({ settings, errors, disabled, set }: FieldsetProps) {
  return (
    <fieldset>
      <legend>{t.modules}</legend>
      <p className="admin-muted">{t.modulesHint}</p>
      {settings.modules.map((m, i) => (
        <ModuleRow
          key={m.id}
          name={m.name}
          on={!m.disabled}
          error={errorAt(errors, `modules.${i}`)}
          disabled={disabled}
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
          disabled={disabled}
          onChange={(patch) =>
            set({ customModules: settings.customModules.map((x, j) => (j === i ? { ...x, ...patch } : x)) })
          }
        />
      ))}
    </fieldset>
  );
}
