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

/** The chosen trigger's parameter (keyed by the kind, so switching kinds resets its default). */
export function TriggerFields({ kind }: { kind: FormKind }) {
  switch (kind) {
    case 'lapsed':
      return (
        <Field
          key={kind}
          label={t.lapsedDays}
          name="lapsedDays"
          type="number"
          min={1}
          max={365}
          defaultValue={60}
          required
        />
      );
    case 'welcome':
      return (
        <Field
          key={kind}
          label={t.welcomeHours}
          hint={t.welcomeHoursHint}
          name="welcomeHours"
          type="number"
          min={0}
          max={720}
          defaultValue={0}
          required
        />
      );
    case 'expiring':
      return (
        <Field
          key={kind}
          label={t.expiringDays}
          hint={t.expiringDaysHint}
          name="daysBefore"
          type="number"
          min={1}
          max={60}
          defaultValue={7}
          required
        />
      );
    case 'birthday':
      return (
        <Field
          key={kind}
          label={t.birthdayDays}
          hint={t.birthdayDaysHint}
          name="daysBefore"
          type="number"
          min={0}
          max={60}
          defaultValue={0}
          required
        />
      );
    case 'level_up':
      return <p className="admin-muted message-note">{t.levelUpHint}</p>;
    default:
      return null;
  }
}
