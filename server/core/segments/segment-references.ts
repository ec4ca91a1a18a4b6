import { sql } from 'drizzle-orm';
import {
  SEGMENT_FIELD_NAMES,
  type SegmentCondition,
  type SegmentDefinition,
} from '#common/contract/segment-definition';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import type { SegmentContext } from './condition-sql';

/** Each condition with its place as the console numbers it: «2», or «2.1» inside the second, a group. */
export function numberedConditions(
  definition: SegmentDefinition,
): { place: string; condition: SegmentCondition }[] {
  return definition.conditions.flatMap((node, i) =>
    node.field === 'group'
      ? node.conditions.map((condition, j) => ({ place: `${i + 1}.${j + 1}`, condition }))
      : [{ place: String(i + 1), condition: node }],
  );
}

const refused = (place: string, condition: SegmentCondition, what: string) =>
  new AppError('SEGMENT_CONDITION', `Условие ${place} «${SEGMENT_FIELD_NAMES[condition.field]}»: ${what}`);

async function missingIds(db: Db, table: 'retail_points' | 'catalogue_categories', ids: (string | number)[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const cast = table === 'retail_points' ? sql`int` : sql`text`;
  const result = await db.execute(
    sql`select x.id::text as id from unnest(array[${list}]::${cast}[]) as x(id)
      where not exists (select 1 from ${sql.identifier(table)} t where t.id = x.id)`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/**
 * Refuses a definition that names what the brand does not have: a level not among its levels (levels are
 * titles in the settings), a retail point or a catalogue category that does not exist. A 400 that names the
 * condition (decision 075); nothing is counted or saved.
 */
export async function checkSegmentReferences(db: Db, definition: SegmentDefinition, ctx: SegmentContext) {
  for (const { place, condition } of numberedConditions(definition)) {
    if (condition.field === 'level') {
      if (ctx.levels.length === 0) throw refused(place, condition, 'уровни в программе выключены');
      const unknown = condition.levels.find((title) => !ctx.levels.some((l) => l.title === title));
      if (unknown !== undefined) throw refused(place, condition, `нет уровня «${unknown}»`);
    }
    if (condition.field === 'points') {
      const [missing] = await missingIds(db, 'retail_points', condition.pointIds);
      if (missing !== undefined) throw refused(place, condition, `нет точки продаж с кодом ${missing}`);
    }
    if (condition.field === 'categories') {
      const [missing] = await missingIds(db, 'catalogue_categories', condition.categoryIds);
      if (missing !== undefined) throw refused(place, condition, `нет категории «${missing}» в каталоге`);
    }
  }
}
