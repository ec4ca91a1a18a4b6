import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CatalogueItem } from '#common/contract/catalogue';
import { formatMoney } from '#common/lib/format';
import { ruAdminCatalogue } from '#web/i18n/ru-admin-catalogue';
import { adminApi } from '../api';
import { Can, useCan } from '../kit/can';
import { DataTable, MoreRows, type Column } from '../kit/data-table';
import { Field, SelectField } from '../kit/field';
import { CATALOGUE_KEY, indented, useCatalogueCategories } from './catalogue-api';
import { CatalogueItemForm } from './catalogue-item-form';
import { CatalogueTree, flagsText } from './catalogue-tree';
import { CatalogueUpload } from './catalogue-upload';

const t = ruAdminCatalogue;

interface Filter {
  q?: string;
  categoryId?: string;
}

function itemColumns(onEdit: ((item: CatalogueItem) => void) | null, categoryName: (id: string) => string) {
  const columns: Column<CatalogueItem>[] = [
    {
      header: t.columns.sku,
      cell: (i) =>
        onEdit ? (
          <button type="button" className="admin-link" aria-label={t.edit(i.sku)} onClick={() => onEdit(i)}>
            {i.sku}
          </button>
        ) : (
          i.sku
        ),
    },
    { header: t.columns.name, cell: (i) => i.name },
    { header: t.columns.category, cell: (i) => (i.categoryId ? categoryName(i.categoryId) : t.flags.none) },
    { header: t.columns.vat, cell: (i) => t.vat[i.vatRate] },
    {
      header: t.columns.price,
      cell: (i) => (i.price === null ? t.flags.none : formatMoney(i.price)),
      align: 'end',
    },
    { header: t.columns.flags, cell: flagsText },
    {
      header: t.columns.legalGroup,
      cell: (i) => (i.legalGroup ? t.legalGroups[i.legalGroup] : t.flags.none),
    },
    { header: t.columns.barcodes, cell: (i) => i.barcodes.join(' ') },
  ];
  return columns;
}

/** `/admin/catalogue`: load the chain's goods from a CSV file, find and edit an item, see the category tree. */
export function CataloguePage() {
  const [filter, setFilter] = useState<Filter>({});
  const [editing, setEditing] = useState<CatalogueItem | null>(null);
  const canWrite = useCan('catalogue.write');
  const categories = useCatalogueCategories();
  const items = useInfiniteQuery({
    queryKey: [...CATALOGUE_KEY, 'items', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      adminApi().request('GET /api/operator/catalogue/items', {
        query: { ...filter, ...(pageParam && { cursor: pageParam }) },
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const names = new Map(categories.data?.map((c) => [c.id, c.name]));
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilter({ q: text('q'), categoryId: text('categoryId') });
  };
  const rows = items.data?.pages.flatMap((p) => p.items);

  return (
    <>
      <h1>{t.heading}</h1>
      <Can permission="catalogue.write" otherwise={<p className="admin-muted">{t.readOnly}</p>}>
        <CatalogueUpload />
      </Can>
      <form className="admin-inline-form" role="search" aria-label={t.search.find} onSubmit={search}>
        <Field label={t.search.label} name="q" maxLength={100} type="search" />
        <SelectField
          label={t.search.category}
          name="categoryId"
          any={t.search.anyCategory}
          options={(categories.data ?? []).map((c) => [c.id, indented(c)])}
          id="catalogue-category"
        />
        <button className="admin-button">{t.search.find}</button>
      </form>
      {editing && <CatalogueItemForm key={editing.sku} item={editing} onClose={() => setEditing(null)} />}
      {items.data && <p role="status">{t.search.found(items.data.pages[0]?.total ?? 0)}</p>}
      <DataTable
        label={t.heading}
        columns={itemColumns(canWrite ? setEditing : null, (id) => names.get(id) ?? id)}
        rows={rows}
        rowKey={(i) => i.sku}
        rowProps={(i) => ({ 'data-testid': `catalogue-item-${i.sku}` })}
        empty={t.search.none}
        error={items.isError}
        loading
      />
      <MoreRows pages={items} label={t.search.more} />
      <CatalogueTree />
    </>
  );
}
