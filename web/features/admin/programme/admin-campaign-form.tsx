import { useState, type FormEvent } from 'react';
import type { Campaign } from '#common/contract/programme';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi, adminErrorText } from '../admin-api';
import { RU_DAY_FIELD } from '../admin-dates';
import { CheckField, CheckGroup, ErrorField, toggled } from './programme-fields';
import {
  campaignFormOf,
  campaignInputOf,
  effectField,
  emptyCampaignForm,
  fieldErrorsOf,
  type CampaignForm,
  type EffectKind,
} from './programme-form';

const t = ruAdminProgramme.form;
const KINDS: EffectKind[] = ['MULTIPLIER', 'EXTRA_PERCENT', 'FIXED'];
/** The contract's path of a form field where the names differ. */
const PATHS: Partial<Record<keyof CampaignForm, string>> = {
  allDay: 'hours',
  hoursFrom: 'hours',
  hoursTo: 'hours',
  effectKind: 'effect',
  effectValue: 'effect',
};

export interface PointOption {
  id: number;
  title: string;
}

/**
 * A campaign's form (create, or edit one): every field of the contract. The server's schema checks it and
 * names each bad field; its message shows under that field.
 */
export function CampaignFormPanel({
  campaign,
  today,
  points,
  onSaved,
  onCancel,
}: {
  campaign: Campaign | null;
  today: string;
  points: PointOption[];
  onSaved: (saved: Campaign) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<CampaignForm>(() =>
    campaign ? campaignFormOf(campaign) : emptyCampaignForm(today),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // The field's message goes once the person changes it; the next save checks it again.
    const path = PATHS[key] ?? key;
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(path))));
  };
  /** The message for a field, or for anything under it ('hours' covers 'hours.from'). */
  const err = (path: string) =>
    errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const parsed = campaignInputOf(form, t.number);
    if (parsed.errors) {
      setErrors(parsed.errors);
      setError(t.invalid);
      return;
    }
    setBusy(true);
    try {
      const saved = campaign
        ? await adminApi().request('PUT /api/operator/campaigns/:campaignId', {
            params: { campaignId: campaign.id },
            body: parsed.input,
          })
        : await adminApi().request('POST /api/operator/campaigns', { body: parsed.input });
      setErrors({});
      onSaved(saved);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors(fields ?? {});
      setError(fields ? t.invalid : adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const heading = campaign ? t.editHeading(campaign.title) : t.createHeading;
  return (
    <form className="admin-panel" aria-label={heading} onSubmit={(e) => void save(e)} noValidate>
      <h3>{heading}</h3>
      <div className="admin-grid">
        <ErrorField
          label={t.title}
          value={form.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={err('title')}
          maxLength={120}
        />
        <ErrorField
          label={t.description}
          value={form.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={err('description')}
          maxLength={500}
        />
        <ErrorField
          label={t.startsOn}
          {...RU_DAY_FIELD}
          value={form.startsOn}
          onChange={(e) => set('startsOn', e.currentTarget.value)}
          error={err('startsOn')}
        />
        <ErrorField
          label={t.endsOn}
          {...RU_DAY_FIELD}
          value={form.endsOn}
          onChange={(e) => set('endsOn', e.currentTarget.value)}
          error={err('endsOn')}
        />
      </div>
      <CheckGroup legend={t.weekdays} error={err('weekdays')}>
        {t.weekdayNames.map((name, i) => (
          <CheckField
            key={name}
            label={<abbr title={t.weekdayFull[i]}>{name}</abbr>}
            checked={form.weekdays.includes(i + 1)}
            onChange={(on) => set('weekdays', toggled(form.weekdays, i + 1, on))}
          />
        ))}
      </CheckGroup>
      <div className="admin-grid">
        <CheckField label={t.allDay} checked={form.allDay} onChange={(on) => set('allDay', on)} />
        {!form.allDay && (
          <>
            <ErrorField
              label={t.hoursFrom}
              value={form.hoursFrom}
              onChange={(e) => set('hoursFrom', e.currentTarget.value)}
              error={errors['hours.from'] ?? errors.hours}
              inputMode="numeric"
              maxLength={5}
            />
            <ErrorField
              label={t.hoursTo}
              value={form.hoursTo}
              onChange={(e) => set('hoursTo', e.currentTarget.value)}
              error={errors['hours.to']}
              inputMode="numeric"
              maxLength={5}
            />
          </>
        )}
      </div>
      <CheckGroup legend={t.points} error={err('pointIds')}>
        {points.map((p) => (
          <CheckField
            key={p.id}
            label={p.title}
            checked={form.pointIds.includes(p.id)}
            onChange={(on) => set('pointIds', toggled(form.pointIds, p.id, on))}
          />
        ))}
      </CheckGroup>
      <div className="admin-grid">
        <ErrorField
          label={t.minCheque}
          value={form.minCheque}
          onChange={(e) => set('minCheque', e.currentTarget.value)}
          error={err('minCheque')}
          inputMode="decimal"
        />
        <div className="admin-field">
          <label htmlFor="campaign-effect-kind">{t.effectKind}</label>
          <select
            id="campaign-effect-kind"
            value={form.effectKind}
            onChange={(e) => set('effectKind', e.currentTarget.value as EffectKind)}
          >
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t.effectKinds[kind]}
              </option>
            ))}
          </select>
        </div>
        <ErrorField
          label={t.effectValue[form.effectKind]}
          value={form.effectValue}
          onChange={(e) => set('effectValue', e.currentTarget.value)}
          error={errors[effectField(form.effectKind)] ?? errors.effect}
          inputMode="decimal"
        />
        <ErrorField
          label={t.priority}
          value={form.priority}
          onChange={(e) => set('priority', e.currentTarget.value)}
          error={err('priority')}
          inputMode="numeric"
        />
      </div>
      <div className="admin-checks">
        <CheckField label={t.stacks} checked={form.stacks} onChange={(on) => set('stacks', on)} />
        <CheckField label={t.active} checked={form.active} onChange={(on) => set('active', on)} />
      </div>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-checks">
        <button className="admin-button" disabled={busy}>
          {t.save}
        </button>
        <button type="button" className="admin-button admin-button-quiet" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
