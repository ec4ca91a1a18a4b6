import {
  getTableColumns,
  is,
  Param,
  Placeholder,
  Table,
  type Column,
  type Query,
  type SQL,
} from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** What a statement answers: columns, SQL expressions, or a whole table (its columns under one key). */
export type Selection = Record<string, Column | SQL | SQL.Aliased | Table>;

/** A statement built once, run with `values` for its `sql.placeholder`s on the pool or inside a transaction. */
export type PreparedStatement<Row> = (db: Db, values: Record<string, unknown>) => Promise<Row[]>;

const names = new Set<string>();
let named = true;

/**
 * Whether the statements below are named (parsed once per connection) or sent unnamed (parsed every time, still
 * built once). Unnamed behind a transaction-mode pooler that cannot carry names (PgBouncer before 1.21: decision
 * 078): a name prepared on one server connection is unknown to the next. One setting per process, as the process
 * has one database (`openDatabase` sets it).
 */
export function nameStatements(on: boolean) {
  named = on;
}

/**
 * A hot statement of the money path, its SQL built once (decision 037). Drizzle builds every query anew: on the
 * money path that cost about a third of Node's CPU per payment (every column of every `returning` named and
 * cased each time). Here `build` runs once, its SQL and its `sql.placeholder`s are kept, and each run hands the
 * kept query to the session it runs on: the pool, or a transaction's connection (drizzle's own `.prepare()`
 * binds a query to the session it was built on, so inside a transaction it would be built again). The statement
 * is named, so PostgreSQL parses it once per connection too (PGlite ignores the name).
 *
 * `selection` must be the object `build` selects or returns, so the answer's columns are decoded as drizzle
 * would (their order is the one drizzle gives the SQL). A placeholder in a `where` or inside `sql` is passed to
 * the driver as given; in `.values()` and `.set()` drizzle encodes it as its column (JSON, dates), null as NULL.
 * A column's `$defaultFn` or `$onUpdate` would run once, when the SQL is built: give such a column a placeholder.
 *
 * Every Db of the process comes from `openDatabase` with the same dialect and casing, so one SQL text serves
 * all of them. A name is one statement: using a name twice is a mistake, refused at start.
 */
export function prepared<Row>(
  name: string,
  selection: Selection,
  build: (db: Db) => { toSQL(): Query; execute(): Promise<Row[]> },
): PreparedStatement<Row> {
  if (names.has(name)) throw new Error(`prepared statement "${name}" is defined twice`);
  names.add(name);
  const fields = orderedFields(selection, []);
  let query: Query | undefined;
  const bySession = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, values) => {
    const session = db._.session;
    let statement = bySession.get(session);
    if (!statement) {
      query ??= withCheckedSlots(build(db).toSQL());
      statement = session.prepareQuery(query, fields, named ? name : undefined, true);
      bySession.set(session, statement);
    }
    return (await statement.execute(values)) as Row[];
  };
}

/**
 * Each placeholder's value as the builder would send it: null as NULL (drizzle's own filling would hand null to
 * a column's encoder: a crash for a date, JSON `null` for a jsonb column), anything else through the column's
 * encoder where drizzle bound one; undefined is a caller's mistake, refused (the builder would have skipped it).
 */
function withCheckedSlots(query: Query): Query {
  const params = query.params.map((param) => {
    const [slot, encoder] = is(param, Placeholder)
      ? [param, null]
      : is(param, Param) && is(param.value, Placeholder)
        ? [param.value as Placeholder, param.encoder]
        : [null, null];
    if (!slot) return param;
    return new Param(slot, {
      mapToDriverValue: (value: unknown) => {
        if (value === undefined) throw new Error(`no value for placeholder "${slot.name}"`);
        return value === null || !encoder ? value : encoder.mapToDriverValue(value);
      },
    });
  });
  return { ...query, params };
}

/** The answer's fields in the order drizzle selects them (its `orderSelectedFields`, which it does not export). */
function orderedFields(selection: Selection, path: string[]): SelectedFieldsOrdered {
  return Object.entries(selection).flatMap(([key, field]) =>
    is(field, Table)
      ? orderedFields(getTableColumns(field) as Selection, [...path, key])
      : [{ path: [...path, key], field: field as SelectedFieldsOrdered[number]['field'] }],
  );
}
