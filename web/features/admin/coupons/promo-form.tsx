import type { FormEvent } from 'react';
import type { PromoInput } from '#common/contract/coupons';
import { ruAdminCoupons } from '#web/i18n/ru-admin-coupons';
import { adminApi } from '../api';
import { RU_DAY_FIELD, ruDayToIso } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { Field, LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';

const t = ruAdminCoupons.create;
/** The new promo's texts, which the edit form shares. */
export const create = t;

export const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();
export const numberOrNull = (value: string) => (value === '' ? null : Number(value.replace(',', '.')));
export function dayOf(value: string): string | null {
  if (value === '') return null;
  const day = ruDayToIso(value);
  if (!day) throw new Error(t.badDay);
  return day;
}

/** The form's fields as the API takes them (the server checks them again and names a bad one). */
function inputOf(data: FormData): PromoInput {
  const kind = text(data, 'kind') as PromoInput['kind'];
  return {
    title: text(data, 'title'),
    kind,
    effect: text(data, 'effect') as PromoInput['effect'],
    value: Number(text(data, 'value').replace(',', '.')),
    categoryId: text(data, 'categoryId') || null,
    startsOn: dayOf(text(data, 'startsOn')),
    endsOn: dayOf(text(data, 'endsOn')),
    perMemberLimit: numberOrNull(text(data, 'perMemberLimit')),
    totalLimit: numberOrNull(text(data, 'totalLimit')),
    ...(kind === 'SHARED' ? { code: text(data, 'code') } : {}),
  };
}

function Choice({ label, name, options }: { label: string; name: string; options: Record<string, string> }) {
  return (
    <LabelledField label={label} id={`promo-${name}`}>
      {(control) => (
        <select {...control} name={name}>
          {Object.entries(options).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** The marketer's new promo (decision 064): its codes' kind, its effect, its category, days and limits. */
export function PromoForm({ listKey }: { listKey: readonly unknown[] }) {
  const action = useAction<HTMLFormElement>({
    run: async (form) => {
      await adminApi().request('POST /api/operator/promos', { body: inputOf(new FormData(form)) });
      form.reset();
    },
    done: () => t.saved,
    invalidate: [listKey],
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    action.run(event.currentTarget);
  };
  return (
    <form className="coupons-panel" onSubmit={submit} aria-label={t.heading}>
      <h2>{t.heading}</h2>
      <div className="coupons-grid">
        <Field label={t.title} name="title" required maxLength={120} />
        <Choice label={t.kind} name="kind" options={t.kinds} />
        <Field label={t.code} name="code" hint={t.codeHint} maxLength={32} />
        <Choice label={t.effect} name="effect" options={t.effects} />
        <Field label={t.value} name="value" hint={t.valueHint} required inputMode="decimal" />
        <Field label={t.category} name="categoryId" hint={t.categoryHint} maxLength={64} />
        <Field label={t.startsOn} name="startsOn" {...RU_DAY_FIELD} />
        <Field label={t.endsOn} name="endsOn" {...RU_DAY_FIELD} />
        <Field label={t.perMember} name="perMemberLimit" hint={t.limitHint} inputMode="numeric" />
        <Field label={t.total} name="totalLimit" hint={t.limitHint} inputMode="numeric" />
      </div>
      <button className="admin-button" disabled={action.pending}>
        {t.save}
      </button>
      <ActionStatus action={action} />
    </form>
  );
}
