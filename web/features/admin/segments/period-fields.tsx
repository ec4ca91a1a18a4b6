import type { SegmentPeriod } from '#common/contract/segment-definition';
import { ruAdminSegments as t } from '#web/i18n/ru-admin-segments';
import { isoDayToRu, RU_DAY_FIELD, ruDayToIso } from '../dates';
import { Field, LabelledField } from '../kit/field';

const isIsoDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
/** The day as the field shows it: dd.mm.yyyy once it is one, else the text as typed. */
const shown = (value: string) => (isIsoDay(value) ? isoDayToRu(value) : value);
/** The typed day as the definition holds it: yyyy-mm-dd, or the text itself (the server then names the error). */
const typed = (text: string) => ruDayToIso(text) ?? text;

/** A period: the last N days, or the brand's days from and to (dd.mm.yyyy, as the console's other dates). */
export function PeriodFields({
  period,
  onChange,
}: {
  period: SegmentPeriod;
  onChange: (p: SegmentPeriod) => void;
}) {
  const isLast = 'lastDays' in period;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <LabelledField label={t.period}>
        {(control) => (
          <select
            {...control}
            value={isLast ? 'last' : 'dates'}
            onChange={(e) =>
              onChange(e.target.value === 'last' ? { lastDays: 30 } : { from: today, to: today })
            }
          >
            <option value="last">{t.periodLast}</option>
            <option value="dates">{t.periodDates}</option>
          </select>
        )}
      </LabelledField>
      {'lastDays' in period ? (
        <Field
          label={t.lastDays}
          type="number"
          min={1}
          max={3650}
          value={period.lastDays}
          onChange={(e) => onChange({ lastDays: Number(e.target.value) })}
        />
      ) : (
        <>
          <Field
            label={t.from}
            {...RU_DAY_FIELD}
            value={shown(period.from)}
            onChange={(e) => onChange({ ...period, from: typed(e.target.value) })}
          />
          <Field
            label={t.to}
            {...RU_DAY_FIELD}
            value={shown(period.to)}
            onChange={(e) => onChange({ ...period, to: typed(e.target.value) })}
          />
        </>
      )}
    </>
  );
}
