import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { BrandSettings } from '#common/contract/header';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi, adminErrorText } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import { fieldErrorsOf, parseNumber } from './programme-form';
import { SETTINGS_KEY } from './programme-settings';

const t = ruAdminProgramme.marketing;
type Texts = Record<'quietFrom' | 'quietTo' | 'frequencyCap' | 'frequencyDays', string>;

const numberOr = (text: string) => {
  const n = parseNumber(text);
  return Number.isNaN(n) ? text : n;
};

/**
 * The rules every advertising message passes (decision 072): quiet hours and the frequency cap. Saving reads the
 * settings afresh and replaces only `marketing`; the server's schema names what is wrong, beside its field.
 */
export function MarketingRulesForm({ settings, canWrite }: { settings: BrandSettings; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const rules = settings.marketing;
  const [texts, setTexts] = useState<Texts>({
    quietFrom: rules.quietFrom,
    quietTo: rules.quietTo,
    frequencyCap: String(rules.frequencyCap),
    frequencyDays: String(rules.frequencyDays),
  });
  const field = (key: keyof Texts) => ({
    value: texts[key],
    onChange: (e: { currentTarget: HTMLInputElement }) =>
      setTexts({ ...texts, [key]: e.currentTarget.value }),
    disabled: !canWrite,
  });
  const action = useAction({
    run: async () => {
      const current = await adminApi().request('GET /api/operator/settings');
      const marketing = {
        quietFrom: texts.quietFrom.trim(),
        quietTo: texts.quietTo.trim(),
        frequencyCap: numberOr(texts.frequencyCap),
        frequencyDays: numberOr(texts.frequencyDays),
      } as BrandSettings['marketing'];
      const body = { ...current, marketing };
      queryClient.setQueryData(
        SETTINGS_KEY,
        await adminApi().request('PUT /api/operator/settings', { body }),
      );
    },
    done: () => t.saved,
    errorText: (failure) =>
      fieldErrorsOf(failure) ? ruAdminProgramme.form.invalid : adminErrorText(failure),
  });
  const all = fieldErrorsOf(action.failure) ?? {};
  const errorOf = (key: keyof Texts) => all[`marketing.${key}`];
  const save = (event: FormEvent) => {
    event.preventDefault();
    action.run();
  };
  return (
    <section aria-labelledby="marketing-rules">
      <h2 id="marketing-rules">{t.heading}</h2>
      <p className="admin-muted">{t.lead}</p>
      <form aria-label={t.heading} onSubmit={save} noValidate>
        <div className="admin-grid">
          <Field
            label={t.quietFrom}
            hint={t.quietHint}
            error={errorOf('quietFrom')}
            {...field('quietFrom')}
          />
          <Field label={t.quietTo} error={errorOf('quietTo')} {...field('quietTo')} />
          <Field
            label={t.frequencyCap}
            error={errorOf('frequencyCap')}
            inputMode="numeric"
            {...field('frequencyCap')}
          />
          <Field
            label={t.frequencyDays}
            error={errorOf('frequencyDays')}
            inputMode="numeric"
            {...field('frequencyDays')}
          />
        </div>
        <ActionStatus action={action} />
        {canWrite && <button className="admin-button">{t.save}</button>}
      </form>
    </section>
  );
}
