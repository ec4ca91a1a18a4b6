/*
 * What an audit row changed, field by field (decision 053): the server keeps the whole thing before and after
 * (a settings change is two full documents); the log shows only the fields whose values differ, nested ones by
 * their path ('colors.primary').
 */

export interface FieldChange {
  field: string;
  /** The value before, as short text; undefined when the field is new. */
  before?: string;
  /** The value after; undefined when the field was removed. */
  after?: string;
}

const MAX_TEXT = 120;
const MAX_ROWS = 40;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return shown.length > MAX_TEXT ? `${shown.slice(0, MAX_TEXT)}…` : shown;
};

function walk(before: unknown, after: unknown, path: string, out: FieldChange[]) {
  if (out.length >= MAX_ROWS) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      walk(before[key], after[key], path ? `${path}.${key}` : key, out);
    }
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  out.push({
    field: path || '—',
    ...(before !== undefined && before !== null && { before: text(before) }),
    ...(after !== undefined && after !== null && { after: text(after) }),
  });
}

/** The changed fields of a row; a row with only `after` (a creation) lists its fields. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before ?? (isRecord(after) ? {} : before), after ?? (isRecord(before) ? {} : after), '', out);
  return out;
}
