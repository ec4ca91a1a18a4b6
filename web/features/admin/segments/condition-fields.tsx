import type { SegmentCondition } from '#common/contract/segment-definition';
import { ruAdminSegments as t } from '#web/i18n/ru-admin-segments';
import { Field, LabelledField } from '../kit/field';
import type { SegmentOptions } from './condition-defaults';
import { PeriodFields } from './period-fields';

interface Props<C extends SegmentCondition = SegmentCondition> {
  condition: C;
  options: SegmentOptions;
  onChange: (condition: SegmentCondition) => void;
}
type Of<F extends SegmentCondition['field']> = Extract<SegmentCondition, { field: F }>;

/** gte / lte as a select. */
function OpSelect({
  value,
  onValue,
  texts = t.op,
}: {
  value: string;
  onValue: (op: 'gte' | 'lte') => void;
  texts?: Record<'gte' | 'lte', string>;
}) {
  return (
    <LabelledField label={t.comparison}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onValue(e.target.value as 'gte' | 'lte')}>
          <option value="gte">{texts.gte}</option>
          <option value="lte">{texts.lte}</option>
        </select>
      )}
    </LabelledField>
  );
}

/** Several choices from a list, as a select that takes many (levels, points, categories, months). */
function ManySelect<V extends string | number>({
  label,
  choices,
  values,
  onValues,
}: {
  label: string;
  choices: [V, string][];
  values: V[];
  onValues: (values: V[]) => void;
}) {
  return (
    <LabelledField label={label}>
      {(control) => (
        <select
          {...control}
          multiple
          size={Math.min(6, Math.max(2, choices.length))}
          value={values.map(String)}
          onChange={(e) => {
            const picked = new Set([...e.target.selectedOptions].map((o) => o.value));
            onValues(choices.filter(([v]) => picked.has(String(v))).map(([v]) => v));
          }}
        >
          {choices.map(([value, text]) => (
            <option key={value} value={String(value)}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

const numberField = (label: string, value: number, onValue: (v: number) => void, step = 1) => (
  <Field
    label={label}
    type="number"
    min={0}
    step={step}
    value={value}
    onChange={(e) => onValue(Number(e.target.value))}
  />
);

function PurchaseFields({ condition, onChange }: Props<Of<'purchaseCount'> | Of<'purchaseSum'>>) {
  return (
    <>
      <PeriodFields period={condition.period} onChange={(period) => onChange({ ...condition, period })} />
      <OpSelect value={condition.op} onValue={(op) => onChange({ ...condition, op })} />
      {numberField(
        condition.field === 'purchaseCount' ? t.count_value : t.roubles,
        condition.value,
        (value) => onChange({ ...condition, value }),
      )}
    </>
  );
}

function YesNo({
  label,
  value,
  yes,
  no,
  onValue,
}: {
  label: string;
  value: boolean;
  yes: string;
  no: string;
  onValue: (v: boolean) => void;
}) {
  return (
    <LabelledField label={label}>
      {(control) => (
        <select {...control} value={value ? 'yes' : 'no'} onChange={(e) => onValue(e.target.value === 'yes')}>
          <option value="yes">{yes}</option>
          <option value="no">{no}</option>
        </select>
      )}
    </LabelledField>
  );
}

/** The inputs of one condition, by its kind. */
export function ConditionFields({ condition: c, options, onChange }: Props) {
  switch (c.field) {
    case 'level':
      return (
        <ManySelect
          label={t.levels}
          choices={options.levels.map((l) => [l, l])}
          values={c.levels}
          onValues={(levels) => onChange({ ...c, levels })}
        />
      );
    case 'points':
      return (
        <ManySelect
          label={t.points}
          choices={options.points.map((p) => [p.id, p.title])}
          values={c.pointIds}
          onValues={(pointIds) => onChange({ ...c, pointIds })}
        />
      );
    case 'categories':
      return (
        <ManySelect
          label={t.categories}
          choices={options.categories.map((x) => [x.id, x.name])}
          values={c.categoryIds}
          onValues={(categoryIds) => onChange({ ...c, categoryIds })}
        />
      );
    case 'birthdayMonth':
      return (
        <ManySelect
          label={t.months}
          choices={t.monthNames.map((m, i) => [i + 1, m])}
          values={c.months}
          onValues={(months) => onChange({ ...c, months })}
        />
      );
    case 'daysSinceLastPurchase':
      return (
        <>
          <OpSelect value={c.op} texts={t.daysSince} onValue={(op) => onChange({ ...c, op })} />
          {numberField(t.days, c.days, (days) => onChange({ ...c, days }))}
        </>
      );
    case 'purchaseCount':
    case 'purchaseSum':
      return <PurchaseFields condition={c} options={options} onChange={onChange} />;
    case 'balance':
      return (
        <>
          <OpSelect value={c.op} onValue={(op) => onChange({ ...c, op })} />
          {numberField(t.roubles, c.value, (value) => onChange({ ...c, value }), 0.01)}
        </>
      );
    case 'expiringBonuses':
      return (
        <>
          {numberField(t.expiringDays, c.days, (days) => onChange({ ...c, days }))}
          {numberField(t.expiringSum, c.value, (value) => onChange({ ...c, value }), 0.01)}
        </>
      );
    case 'registered':
      return <PeriodFields period={c.period} onChange={(period) => onChange({ ...c, period })} />;
    case 'giftCards':
      return (
        <YesNo
          label={t.giftCards}
          value={c.held}
          yes={t.held}
          no={t.notHeld}
          onValue={(held) => onChange({ ...c, held })}
        />
      );
    case 'consent':
      return (
        <>
          <LabelledField label={t.channel}>
            {(control) => (
              <select
                {...control}
                value={c.channel}
                onChange={(e) => onChange({ ...c, channel: e.target.value as 'sms' | 'email' | 'push' })}
              >
                {(['sms', 'email', 'push'] as const).map((ch) => (
                  <option key={ch} value={ch}>
                    {t.channels[ch]}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
          <YesNo
            label={t.consent}
            value={c.granted}
            yes={t.granted}
            no={t.notGranted}
            onValue={(granted) => onChange({ ...c, granted })}
          />
        </>
      );
  }
}
