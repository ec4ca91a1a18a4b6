import { SEGMENT_FIELDS, SEGMENT_FIELD_NAMES, type SegmentField } from '#common/contract/codes';
import type { SegmentCondition } from '#common/contract/segment-definition';
import { ruAdminSegments as t } from '#web/i18n/ru-admin-segments';
import { LabelledField } from '../kit/field';
import { defaultCondition, type SegmentOptions } from './condition-defaults';
import { ConditionFields } from './condition-fields';

/** One condition: its kind, its inputs, and a button that takes it away. Numbered as the server's refusals are. */
export function ConditionBox({
  place,
  condition,
  options,
  onChange,
  onRemove,
}: {
  place: string;
  condition: SegmentCondition;
  options: SegmentOptions;
  onChange: (condition: SegmentCondition) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="admin-fieldset segment-condition">
      <legend>{t.condition(place)}</legend>
      <LabelledField label={t.what}>
        {(control) => (
          <select
            {...control}
            value={condition.field}
            onChange={(e) => onChange(defaultCondition(e.target.value as SegmentField, options))}
          >
            {SEGMENT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {SEGMENT_FIELD_NAMES[field]}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <ConditionFields condition={condition} options={options} onChange={onChange} />
      <button type="button" className="admin-link segment-remove" onClick={onRemove}>
        {t.remove}
      </button>
    </fieldset>
  );
}

/** «все» / «любое» as a select. */
export function MatchSelect({
  label,
  value,
  onValue,
}: {
  label: string;
  value: 'all' | 'any';
  onValue: (match: 'all' | 'any') => void;
}) {
  return (
    <LabelledField label={label}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onValue(e.target.value as 'all' | 'any')}>
          <option value="all">{t.matchAll}</option>
          <option value="any">{t.matchAny}</option>
        </select>
      )}
    </LabelledField>
  );
}
