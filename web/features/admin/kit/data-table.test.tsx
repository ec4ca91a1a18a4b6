import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ruAdmin } from '#web/i18n/ru-admin';
import { DataTable, type Column } from './data-table';

interface Row {
  id: number;
  name: string;
  total: number;
}
const columns: Column<Row>[] = [
  { header: 'Имя', cell: (r) => r.name },
  { header: 'Сумма', cell: (r) => `${r.total} ₽`, align: 'end', width: '8rem' },
];
const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) =>
  render(
    <DataTable<Row>
      label="Счета"
      columns={columns}
      rows={undefined}
      rowKey={(r) => r.id}
      empty="Счетов нет"
      {...props}
    />,
  );

describe("the console's data table", () => {
  afterEach(cleanup);

  it('shows the rows in a named table whose header cells head their columns', () => {
    table({
      rows: [
        { id: 1, name: 'Альфа', total: 100 },
        { id: 2, name: 'Бета', total: 250 },
      ],
      rowProps: (r) => ({ 'data-testid': `row-${r.id}` }),
    });
    const named = screen.getByRole('table', { name: 'Счета' });
    expect(screen.getByRole('region', { name: 'Счета' }).contains(named)).toBe(true);
    const headers = within(named).getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Имя', 'col'],
      ['Сумма', 'col'],
    ]);
    expect(headers[1]!.style.width).toBe('8rem');
    const cells = within(screen.getByTestId('row-2')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Бета', '250 ₽']);
    expect(cells[1]!.className).toBe('admin-cell-end');
  });

  it('says the list is empty, and nothing while the rows are on their way unless asked', () => {
    const { container, rerender } = table({ rows: [] });
    expect(screen.getByText('Счетов нет')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable<Row> label="Счета" columns={columns} rows={undefined} rowKey={(r) => r.id} empty="" />,
    );
    expect(container.textContent).toBe('');
    rerender(
      <DataTable<Row>
        label="Счета"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        empty=""
        loading
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(ruAdmin.loading);
  });

  it('shows an error instead of the rows: its own text, or the console’s "could not load"', () => {
    const { rerender } = table({ rows: [{ id: 1, name: 'Альфа', total: 1 }], error: 'Сервер недоступен' });
    expect(screen.getByRole('alert').textContent).toBe('Сервер недоступен');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable<Row> label="Счета" columns={columns} rows={undefined} rowKey={(r) => r.id} empty="" error />,
    );
    expect(screen.getByRole('alert').textContent).toBe(ruAdmin.loadError);
  });

  it('shows a caption instead of the aria-label when asked', () => {
    table({ rows: [{ id: 1, name: 'Альфа', total: 1 }], caption: true });
    const named = screen.getByRole('table', { name: 'Счета' });
    expect(named.getAttribute('aria-label')).toBeNull();
    expect(named.querySelector('caption')?.textContent).toBe('Счета');
  });
});
