import { useState } from 'react';
import type { CatalogueCategory } from '#common/contract/catalogue';
import { ruAdminCatalogue } from '#web/i18n/ru-admin-catalogue';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { useCatalogueCategories } from './catalogue-api';
import { CatalogueCategoryForm } from './catalogue-category-form';

const t = ruAdminCatalogue;
type Row = CatalogueCategory & { items: number; depth: number };

/** What a row's flags say about bonuses (an item's or a category's). */
export function flagsText(row: { noEarn: boolean; noSpend: boolean }) {
  const said = [row.noEarn && t.flags.noEarn, row.noSpend && t.flags.noSpend].filter(Boolean);
  return said.length ? said.join(', ') : t.flags.none;
}

/** The category tree with its flags: a flag or a group on a category holds for everything under it. */
export function CatalogueTree() {
  const categories = useCatalogueCategories();
  const canWrite = useCan('catalogue.write');
  const [editing, setEditing] = useState<CatalogueCategory | null>(null);
  const columns: Column<Row>[] = [
    {
      header: t.columns.category,
      cell: (c) => <span style={{ paddingLeft: `${c.depth * 1.25}rem` }}>{c.name}</span>,
    },
    {
      header: t.tree.code,
      cell: (c) =>
        canWrite ? (
          <button
            type="button"
            className="admin-link"
            aria-label={t.edit(c.id)}
            onClick={() => setEditing(c)}
          >
            {c.id}
          </button>
        ) : (
          c.id
        ),
    },
    { header: t.columns.flags, cell: flagsText },
    {
      header: t.columns.legalGroup,
      cell: (c) => (c.legalGroup ? t.legalGroups[c.legalGroup] : t.flags.none),
    },
    { header: t.tree.count, cell: (c) => c.items, align: 'end' },
  ];
  return (
    <section aria-label={t.tree.heading}>
      <h2>{t.tree.heading}</h2>
      {editing && (
        <CatalogueCategoryForm key={editing.id} category={editing} onClose={() => setEditing(null)} />
      )}
      <DataTable
        label={t.tree.heading}
        columns={columns}
        rows={categories.data}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ 'data-testid': `catalogue-category-${c.id}` })}
        empty={t.tree.empty}
        error={categories.isError}
        loading
      />
    </section>
  );
}
