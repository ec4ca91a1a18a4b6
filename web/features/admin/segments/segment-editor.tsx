import type { SegmentCondition, SegmentDefinition, SegmentGroup } from '#common/contract/segment-definition';
import { ruAdminSegments as t } from '#web/i18n/ru-admin-segments';
import { adminErrorText } from '../api';
import { ConditionBox, MatchSelect } from './condition-box';
import { defaultCondition, type SegmentOptions } from './condition-defaults';
import { useSegmentCount } from './use-segment-count';

type Node = SegmentDefinition['conditions'][number];

const replaced = <T,>(list: T[], i: number, value: T) => list.map((item, j) => (j === i ? value : item));
const without = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

/** A group: its own «все» / «любое» and its conditions. */
function GroupBox({
  place,
  group,
  options,
  onChange,
  onRemove,
}: {
  place: number;
  group: SegmentGroup;
  options: SegmentOptions;
  onChange: (group: SegmentGroup | null) => void;
  onRemove: () => void;
}) {
  const setConditions = (conditions: SegmentCondition[]) =>
    onChange(conditions.length ? { ...group, conditions } : null);
  return (
    <fieldset className="admin-fieldset segment-group">
      <legend>{t.group(place)}</legend>
      <MatchSelect
        label={t.groupMatch}
        value={group.match}
        onValue={(match) => onChange({ ...group, match })}
      />
      {group.conditions.map((condition, j) => (
        <ConditionBox
          key={j}
          place={`${place}.${j + 1}`}
          condition={condition}
          options={options}
          onChange={(next) => setConditions(replaced(group.conditions, j, next))}
          onRemove={() => setConditions(without(group.conditions, j))}
        />
      ))}
      <button
        type="button"
        className="admin-button admin-button-quiet"
        onClick={() => setConditions([...group.conditions, defaultCondition('consent', options)])}
      >
        {t.addToGroup}
      </button>{' '}
      <button type="button" className="admin-link" onClick={onRemove}>
        {t.remove}
      </button>
    </fieldset>
  );
}

/** The count line: the members now, «Считаем…» while the first answer comes, or why the server refused. */
export function SegmentCount({ definition }: { definition: SegmentDefinition }) {
  const count = useSegmentCount(definition);
  const text = count.isError
    ? adminErrorText(count.error)
    : count.data
      ? t.count(count.data.count)
      : t.counting;
  return (
    <p className={count.isError ? 'admin-error' : 'segment-count'} role="status" aria-busy={count.isFetching}>
      {text}
    </p>
  );
}

/** The conditions of a definition with and/or, groups one level deep; every change counts again. */
export function DefinitionEditor({
  definition,
  options,
  onChange,
}: {
  definition: SegmentDefinition;
  options: SegmentOptions;
  onChange: (definition: SegmentDefinition) => void;
}) {
  const nodes = definition.conditions;
  const setNodes = (conditions: Node[]) => onChange({ ...definition, conditions });
  return (
    <div className="segment-editor">
      <MatchSelect
        label={t.match}
        value={definition.match}
        onValue={(match) => onChange({ ...definition, match })}
      />
      {nodes.length === 0 && <p className="admin-muted">{t.noConditions}</p>}
      {nodes.map((node, i) =>
        node.field === 'group' ? (
          <GroupBox
            key={i}
            place={i + 1}
            group={node}
            options={options}
            onChange={(group) => setNodes(group ? replaced(nodes, i, group) : without(nodes, i))}
            onRemove={() => setNodes(without(nodes, i))}
          />
        ) : (
          <ConditionBox
            key={i}
            place={String(i + 1)}
            condition={node}
            options={options}
            onChange={(next) => setNodes(replaced(nodes, i, next))}
            onRemove={() => setNodes(without(nodes, i))}
          />
        ),
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button-quiet"
          onClick={() => setNodes([...nodes, defaultCondition('daysSinceLastPurchase', options)])}
        >
          {t.addCondition}
        </button>
        <button
          type="button"
          className="admin-button admin-button-quiet"
          onClick={() =>
            setNodes([
              ...nodes,
              { field: 'group', match: 'any', conditions: [defaultCondition('consent', options)] },
            ])
          }
        >
          {t.addGroup}
        </button>
      </div>
    </div>
  );
}
