import type { HTMLAttributes, Key, ReactNode } from 'react';
import { ruAdmin } from '#web/i18n/ru-admin';

/** One column: its header, what a row shows in it, and (if it likes) its alignment and width. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** React's key for the column; the header when it is a string. */
  key?: string;
  /** 'end' for figures, so their digits line up. */
  align?: 'start' | 'center' | 'end';
  /** A CSS width ('8rem', '20%'). */
  width?: string;
  /** A class for every cell of the column (`admin-change` for the audit's changes). */
  className?: string;
}

export interface DataTableProps<Row> {
  /** The table's name for a screen reader (and its scroll region's); shown when `caption` is set. */
  label: string;
  caption?: boolean;
  columns: Column<Row>[];
  /** Undefined while nothing has arrived yet. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** More attributes of a row (a test's `data-testid`). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  /** What an empty list says. */
  empty: ReactNode;
  /** Why the rows could not be read (true: the console's own "could not load"). */
  error?: string | boolean;
  /** Says "loading" while the rows are on their way (off where the page says nothing meanwhile). */
  loading?: boolean;
}

const alignClass = { start: undefined, center: 'admin-cell-center', end: 'admin-cell-end' };

const columnKey = (column: Column<unknown>, i: number) =>
  column.key ?? (typeof column.header === 'string' ? column.header : i);

const cellClass = (column: Column<unknown>) =>
  [column.align && alignClass[column.align], column.className].filter(Boolean).join(' ') || undefined;

/**
 * The console's table: a real <table> (named, header cells scoped to their columns) inside a region that
 * scrolls sideways on a phone by itself (decision 053: nothing wider than the screen), with its empty, error and
 * loading states, so a page says only what its columns show.
 */
export function DataTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  error,
  loading,
}: DataTableProps<Row>) {
  if (error) {
    return (
      <p className="admin-error" role="alert">
        {error === true ? ruAdmin.loadError : error}
      </p>
    );
  }
  if (!rows) return loading ? <p role="status">{ruAdmin.loading}</p> : null;
  if (rows.length === 0) return <p>{empty}</p>;
  const named = columns as Column<unknown>[];
  return (
    <TableScroll label={label}>
      <table className="admin-table" aria-label={caption ? undefined : label}>
        {caption && <caption>{label}</caption>}
        <thead>
          <tr>
            {named.map((column, i) => (
              <th
                scope="col"
                key={columnKey(column, i)}
                className={cellClass(column)}
                style={column.width ? { width: column.width } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {named.map((column, i) => (
                <td key={columnKey(column, i)} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A table's region that scrolls sideways by itself at narrow widths (reachable by keyboard, named). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** "Show more" under a table read a page at a time (an infinite query): only while there is more. */
export function MoreRows({
  pages,
  label,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="admin-button admin-button-quiet"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {label}
    </button>
  );
}
