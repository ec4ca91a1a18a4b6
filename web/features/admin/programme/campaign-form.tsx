import { useState, type FormEvent } from 'react';
import type { Campaign } from '#common/contract/programme';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi, adminErrorText } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Field, LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';
import { RU_DAY_FIELD } from '../dates';
import { CampaignGoodsFields } from './campaign-goods-fields';
import { CheckField, CheckGroup, toggled } from './programme-fields';
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
/** The programme page's campaigns query, read again after a save. */
export const CAMPAIGNS_KEY = ['admin', 'campaigns'] as const;
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
  // The form's own check found a bad field: nothing was sent.
  const [invalid, setInvalid] = useState(false);
  const action = useAction<() => Promise<void>>({
    run: (work) => work(),
    invalidate: [CAMPAIGNS_KEY],
    errorText: (failure) => (fieldErrorsOf(failure) ? t.invalid : adminErrorText(failure)),
  });
  const set: SetField = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    // The field's message goes once the person changes it; the next save checks it again.
    const path = PATHS[key] ?? key;
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(path))));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = campaignInputOf(form, t.number);
    setInvalid(Boolean(parsed.errors));
    if (parsed.errors) {
      setErrors(parsed.errors);
      return action.reset();
    }
    action.run(async () => {
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
        setErrors(fieldErrorsOf(failure) ?? {});
        throw failure;
      }
    });
  };
  const fields = { form, errors, set };

  const heading = campaign ? t.editHeading(campaign.title) : t.createHeading;
  return (
    <form className="admin-panel" aria-label={heading} onSubmit={save} noValidate>
      <h3>{heading}</h3>
      <CampaignWhenFields {...fields} />
      <CheckGroup legend={t.points} error={errorUnder(errors, 'pointIds')}>
        {points.map((p) => (
          <CheckField
            key={p.id}
            label={p.title}
            checked={form.pointIds.includes(p.id)}
            onChange={(on) => set('pointIds', toggled(form.pointIds, p.id, on))}
          />
        ))}
      </CheckGroup>
      <CampaignEffectFields {...fields} />
      <CampaignGoodsFields goods={form.goods} errors={errors} onChange={(goods) => set('goods', goods)} />
      {invalid ? (
        <p className="admin-error" role="alert">
          {t.invalid}
        </p>
      ) : (
        <ActionStatus action={action} />
      )}
      <div className="admin-checks">
        <button className="admin-button" disabled={action.pending}>
          {t.save}
        </button>
        <button type="button" className="admin-button admin-button-quiet" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

type SetField = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) => void;
interface FieldsProps {
  form: CampaignForm;
  errors: Record<string, string>;
  set: SetField;
}

/** The message for a field, or for anything under it ('hours' covers 'hours.from'). */
const errorUnder = (errors: Record<string, string>, path: string) =>
  errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

/** What the campaign is and when it runs: its title, days, weekdays and hours. */
function CampaignWhenFields({ form, errors, set }: FieldsProps) {
  return (
    <>
      <div className="admin-grid">
        <Field
          label={t.title}
          value={form.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errorUnder(errors, 'title')}
          maxLength={120}
        />
        <Field
          label={t.description}
          value={form.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errorUnder(errors, 'description')}
          maxLength={500}
        />
        <Field
          label={t.startsOn}
          {...RU_DAY_FIELD}
          value={form.startsOn}
          onChange={(e) => set('startsOn', e.currentTarget.value)}
          error={errorUnder(errors, 'startsOn')}
        />
        <Field
          label={t.endsOn}
          {...RU_DAY_FIELD}
          value={form.endsOn}
          onChange={(e) => set('endsOn', e.currentTarget.value)}
          error={errorUnder(errors, 'endsOn')}
        />
      </div>
      <CheckGroup legend={t.weekdays} error={errorUnder(errors, 'weekdays')}>
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
            <Field
              label={t.hoursFrom}
              value={form.hoursFrom}
              onChange={(e) => set('hoursFrom', e.currentTarget.value)}
              error={errors['hours.from'] ?? errors.hours}
              inputMode="numeric"
              maxLength={5}
            />
            <Field
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
    </>
  );
}

/** What it gives: from which cheque, the effect and its value, the priority, stacking and whether it is on. */
function CampaignEffectFields({ form, errors, set }: FieldsProps) {
  return (
    <>
      <div className="admin-grid">
        <Field
          label={t.minCheque}
          value={form.minCheque}
          onChange={(e) => set('minCheque', e.currentTarget.value)}
          error={errorUnder(errors, 'minCheque')}
          inputMode="decimal"
        />
        <LabelledField label={t.effectKind} id="campaign-effect-kind">
          {(control) => (
            <select
              {...control}
              value={form.effectKind}
              onChange={(e) => set('effectKind', e.currentTarget.value as EffectKind)}
            >
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t.effectKinds[kind]}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <Field
          label={t.effectValue[form.effectKind]}
          value={form.effectValue}
          onChange={(e) => set('effectValue', e.currentTarget.value)}
          error={errors[effectField(form.effectKind)] ?? errors.effect}
          inputMode="decimal"
        />
        <Field
          label={t.priority}
          value={form.priority}
          onChange={(e) => set('priority', e.currentTarget.value)}
          error={errorUnder(errors, 'priority')}
          inputMode="numeric"
        />
      </div>
      <div className="admin-checks">
        <CheckField label={t.stacks} checked={form.stacks} onChange={(on) => set('stacks', on)} />
        <CheckField label={t.active} checked={form.active} onChange={(on) => set('active', on)} />
      </div>
    </>
  );
}
