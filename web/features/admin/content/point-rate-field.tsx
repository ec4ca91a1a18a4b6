import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi } from '../api';

const t = ruAdminContent.points;

/** The chain's base rate, as the Programme screen saves it (the same query key, so a save there shows here). */
export function useBaseEarnPercent(): number | null {
  return (
    useQuery({
      queryKey: ['admin', 'settings'],
      queryFn: () => adminApi().request('GET /api/operator/settings'),
    }).data?.baseEarnPercent ?? null
  );
}

/** «по умолчанию сети (5 %)» or «7 %»: a point's rate as the list and the form say it (decision 055). */
export function pointRateText(own: number | null, base: number | null): string {
  return own === null ? t.followsChain(base) : `${own}\u00a0%`;
}

/**
 * A point's earn rate (decision 055): it follows the chain's base rate (null, the default for a new point) or
 * has its own. The own rate is typed as text; what is not a whole number goes to the server as typed, so its
 * schema names the problem under the field.
 */
export function PointRateField({
  value,
  error,
  onValue,
}: {
  value: number | null;
  error?: string | undefined;
  onValue: (value: number | null) => void;
}) {
  const id = useId();
  const base = useBaseEarnPercent();
  const [text, setText] = useState(value === null ? '' : String(value));
  const own = value !== null;
  const typed = (v: string) => {
    setText(v);
    const n = v.trim() === '' ? Number.NaN : Number(v.replace(',', '.'));
    onValue(n);
  };
  return (
    <fieldset className="content-rate" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t.rate}</legend>
      <div className="content-rate__choices">
        <label>
          <input type="radio" name={`${id}-rate`} checked={!own} onChange={() => onValue(null)} />
          {pointRateText(null, base)}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-rate`}
            checked={own}
            onChange={() => typed(text || String(base ?? 0))}
          />
          {t.ownRate}
        </label>
      </div>
      {own && (
        <div className="admin-field">
          <label htmlFor={`${id}-own`}>{t.currentBonus}</label>
          <input
            id={`${id}-own`}
            inputMode="numeric"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => typed(e.currentTarget.value)}
          />
        </div>
      )}
      {error && (
        <span className="admin-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
