import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { EarnLimits } from '#common/contract/earn-limits';
import type { BrandSettings } from '#common/contract/header';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi, adminErrorText } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import { SETTINGS_KEY } from './programme-settings';
import { fieldErrorsOf, parseNumber } from './programme-form';

const t = ruAdminProgramme.limits;
const FIELDS = [
  'chequePercent',
  'campaignFactor',
  'campaignExtraPercent',
  'campaignFixed',
  'eventBonus',
] as const;
type Texts = Record<(typeof FIELDS)[number], string>;

/** A typed number, or the text itself, so the server's schema names what is wrong with it. */
const numberOr = (text: string) => {
  const n = parseNumber(text);
  return Number.isNaN(n) ? text : n;
};

/**
 * The owner's earn limits (docs/decisions/046): what one cheque and one campaign may earn. Only a role holding
 * `earnLimits.write` (the owner) edits them; everyone else who sees the screen reads them, so a marketer knows
 * why a campaign is refused. Saving reads the settings afresh and replaces only `earnLimits`.
 */
export function EarnLimitsForm({ limits, canWrite }: { limits: EarnLimits; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Texts>(
    () => Object.fromEntries(FIELDS.map((k) => [k, String(limits[k])])) as Texts,
  );
  const action = useAction({
    run: async () => {
      const current = await adminApi().request('GET /api/operator/settings');
      const earnLimits = Object.fromEntries(FIELDS.map((k) => [k, numberOr(texts[k])]));
      const body = { ...current, earnLimits } as BrandSettings;
      queryClient.setQueryData(
        SETTINGS_KEY,
        await adminApi().request('PUT /api/operator/settings', { body }),
      );
    },
    done: () => t.saved,
    errorText: (failure) =>
      fieldErrorsOf(failure) ? ruAdminProgramme.form.invalid : adminErrorText(failure),
  });
  // The server names a field by its path in the settings ('earnLimits.chequePercent').
  const errors = Object.fromEntries(
    Object.entries(fieldErrorsOf(action.failure) ?? {}).map(([path, message]) => [
      path.replace(/^earnLimits\./, ''),
      message,
    ]),
  );
  const save = (event: FormEvent) => {
    event.preventDefault();
    action.run();
  };

  return (
    <section aria-labelledby="earn-limits">
      <h2 id="earn-limits">{t.heading}</h2>
      <p className="admin-muted">{t.lead}</p>
      {!canWrite && <p className="admin-muted">{t.ownerOnly}</p>}
      <form aria-label={t.heading} onSubmit={save} noValidate>
        <div className="admin-grid">
          {FIELDS.map((key) => (
            <Field
              key={key}
              label={t[key]}
              error={errors[key]}
              value={texts[key]}
              onChange={(e) => setTexts({ ...texts, [key]: e.currentTarget.value })}
              inputMode="decimal"
              disabled={!canWrite}
            />
          ))}
        </div>
        <ActionStatus action={action} />
        {canWrite && <button className="admin-button">{t.save}</button>}
      </form>
    </section>
  );
}
