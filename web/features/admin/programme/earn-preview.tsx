import { useState, type FormEvent } from 'react';
import type { AppliedRule } from '#common/contract/programme';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi, adminErrorText } from '../api';
import { Field, LabelledField } from '../kit/field';
import type { PointOption } from './campaign-form';
import { isoToRuDateTime, RU_DATE_TIME_FIELD, ruDateTimeToIso } from '../dates';
import { fieldErrorsOf, parseNumber } from './programme-form';

const t = ruAdminProgramme.preview;

/**
 * The earn preview (POST /api/operator/earn-preview): a cheque at a point at a moment of the brand's clock →
 * the bonuses and the rules that applied, through the same earn path as every accrual. Nothing is written.
 */
export function EarnPreview({ points, timeZone }: { points: PointOption[]; timeZone: string }) {
  const [sum, setSum] = useState('1000');
  const [pointId, setPointId] = useState(points[0]?.id ?? 1);
  // Typed as dd.mm.yyyy HH:MM on the brand's clock, whatever the browser's locale (decision 054).
  const [at, setAt] = useState(() => isoToRuDateTime(new Date().toISOString(), timeZone));
  const [answer, setAnswer] = useState<{ earn: number; rules: AppliedRule[] } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setAnswer(null);
    const roubles = parseNumber(sum);
    if (Number.isNaN(roubles)) {
      setErrors({ sum: ruAdminProgramme.form.number });
      return;
    }
    const instant = at.trim() ? ruDateTimeToIso(at, timeZone) : null;
    if (at.trim() && !instant) {
      setErrors({ at: ruAdminProgramme.preview.badAt });
      return;
    }
    try {
      const body = { retailPointId: pointId, sum: roubles, ...(instant && { at: instant }) };
      setAnswer(await adminApi().request('POST /api/operator/earn-preview', { body }));
      setErrors({});
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors(fields ?? {});
      if (!fields) setError(adminErrorText(failure));
    }
  };

  return (
    <section aria-labelledby="earn-preview">
      <h2 id="earn-preview">{t.heading}</h2>
      <p className="admin-muted">{t.lead}</p>
      <form className="admin-inline-form" aria-label={t.heading} onSubmit={(e) => void run(e)} noValidate>
        <Field
          label={t.sum}
          value={sum}
          onChange={(e) => setSum(e.currentTarget.value)}
          error={errors.sum}
          inputMode="decimal"
        />
        <LabelledField label={t.point} id="preview-point">
          {(control) => (
            <select {...control} value={pointId} onChange={(e) => setPointId(Number(e.currentTarget.value))}>
              {points.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <Field
          label={t.at(timeZone)}
          {...RU_DATE_TIME_FIELD}
          value={at}
          onChange={(e) => setAt(e.currentTarget.value)}
          error={errors.at}
        />
        <button className="admin-button">{t.submit}</button>
      </form>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {answer && (
        <div className="admin-panel" role="status" aria-live="polite">
          <p className="admin-result">{t.result(answer.earn.toLocaleString('ru-RU'))}</p>
          <p>{t.rules}:</p>
          <ul>
            {answer.rules.map((rule, i) => (
              <li key={`${rule.kind}-${rule.id ?? i}`}>
                {t.kinds[rule.kind]}: {rule.title}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
