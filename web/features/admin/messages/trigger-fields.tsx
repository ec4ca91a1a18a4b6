import { ruAdminMessages as t } from '#web/i18n/ru-admin-messages';
import { Field } from '../kit/field';

/** What the form's «Вид» offers: a one-off campaign or one of the triggers (decisions 076, 081). */
export const KINDS = ['campaign', 'lapsed', 'welcome', 'level_up', 'expiring', 'birthday'] as const;
export type FormKind = (typeof KINDS)[number];

const numberOrNull = (value: FormDataEntryValue | null) =>
  String(value ?? '').trim() === '' ? null : Number(value);

/** The trigger part of a new campaign's body: the occasion and its one parameter. */
export function triggerOf(data: FormData) {
  const kind = String(data.get('kind') ?? 'campaign') as FormKind;
  const none = { lapsedDays: null, welcomeHours: null, daysBefore: null };
  if (kind === 'campaign') return { kind: 'campaign' as const, trigger: null, ...none };
  return {
    kind: 'trigger' as const,
    trigger: kind,
    ...none,
    ...(kind === 'lapsed' && { lapsedDays: numberOrNull(data.get('lapsedDays')) }),
    ...(kind === 'welcome' && { welcomeHours: numberOrNull(data.get('welcomeHours')) }),
    ...((kind === 'expiring' || kind === 'birthday') && { daysBefore: numberOrNull(data.get('daysBefore')) }),
  };
}

/** Each trigger's one number: its field, bounds and default (level up has none; a campaign neither). */
const PARAMETERS = {
  lapsed: { label: t.lapsedDays, hint: undefined, name: 'lapsedDays', min: 1, max: 365, byDefault: 60 },
  welcome: {
    label: t.welcomeHours,
    hint: t.welcomeHoursHint,
    name: 'welcomeHours',
    min: 0,
    max: 720,
    byDefault: 0,
  },
  expiring: {
    label: t.expiringDays,
    hint: t.expiringDaysHint,
    name: 'daysBefore',
    min: 1,
    max: 60,
    byDefault: 7,
  },
  birthday: {
    label: t.birthdayDays,
    hint: t.birthdayDaysHint,
    name: 'daysBefore',
    min: 0,
    max: 60,
    byDefault: 0,
  },
} as const;

/** The chosen trigger's parameter (keyed by the kind, so switching kinds resets its default). */
export function TriggerFields({ kind }: { kind: FormKind }) {
  if (kind === 'level_up') return <p className="admin-muted message-note">{t.levelUpHint}</p>;
  if (kind === 'campaign') return null;
  const p = PARAMETERS[kind];
  return (
    <Field
      key={kind}
      label={p.label}
      {...(p.hint ? { hint: p.hint } : {})}
      name={p.name}
      type="number"
      min={p.min}
      max={p.max}
      defaultValue={p.byDefault}
      required
    />
  );
}
