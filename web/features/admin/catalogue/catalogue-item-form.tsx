import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CatalogueItem } from '#common/contract/catalogue';
import { VAT_RATES, type VatRate } from '#common/lib/catalogue-vocabulary';
import { ruAdminCatalogue } from '#web/i18n/ru-admin-catalogue';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Field, LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';
import { CATALOGUE_KEY } from './catalogue-api';
import { CategorySelect, CheckField, LegalGroupField } from './catalogue-category-form';

const t = ruAdminCatalogue;

type Draft = Omit<CatalogueItem, 'sku' | 'updatedAt' | 'barcodes' | 'price'> & {
  barcodes: string;
  price: string;
};

const draftOf = ({ sku: _s, updatedAt: _u, barcodes, price, ...item }: CatalogueItem): Draft => ({
  ...item,
  barcodes: barcodes.join(' '),
  price: price === null ? '' : String(price).replace('.', ','),
});

/** The price field's text (the browser's pattern has checked it) as the API's roubles; empty: none. */
const priceOf = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/** One item's edit form: name, category, VAT, flags, legal group and barcodes (a full replacement). */
export function CatalogueItemForm({ item, onClose }: { item: CatalogueItem; onClose: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(item));
  const section = useRef<HTMLElement>(null);
  // The form opens above a list that may be long: it is brought into view where the person clicked.
  useEffect(() => section.current?.scrollIntoView?.({ block: 'nearest' }), []);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useAction({
    run: (next: Draft) =>
      adminApi().request('PATCH /api/operator/catalogue/items/:sku', {
        params: { sku: item.sku },
        body: {
          ...next,
          price: priceOf(next.price),
          barcodes: next.barcodes.split(/[\s,;|]+/).filter(Boolean),
        },
      }),
    done: (saved) => t.form.saved(saved.sku),
    invalidate: [[...CATALOGUE_KEY]],
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.run(draft);
  };
  return (
    <section aria-label={t.form.heading(item.sku)} ref={section}>
      <h2>{t.form.heading(item.sku)}</h2>
      <form onSubmit={submit} aria-label={t.form.heading(item.sku)}>
        <Field
          label={t.form.name}
          value={draft.name}
          required
          maxLength={300}
          onChange={(e) => set('name', e.target.value)}
        />
        <CategorySelect
          label={t.form.category}
          none={t.form.noCategory}
          value={draft.categoryId}
          onChange={(id) => set('categoryId', id)}
        />
        <LabelledField label={t.form.vat}>
          {(control) => (
            <select
              {...control}
              value={draft.vatRate}
              onChange={(e) => set('vatRate', e.target.value as VatRate)}
            >
              {VAT_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {t.vat[rate]}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <LegalGroupField value={draft.legalGroup} onChange={(v) => set('legalGroup', v)} />
        <CheckField label={t.form.noEarn} checked={draft.noEarn} onChange={(v) => set('noEarn', v)} />
        <CheckField label={t.form.noSpend} checked={draft.noSpend} onChange={(v) => set('noSpend', v)} />
        <Field
          label={t.form.price}
          hint={t.form.priceHint}
          value={draft.price}
          inputMode="decimal"
          pattern={'\\s*\\d+([.,]\\d{1,2})?\\s*'}
          onChange={(e) => set('price', e.target.value)}
        />
        <Field
          label={t.form.barcodes}
          hint={t.form.barcodesHint}
          value={draft.barcodes}
          onChange={(e) => set('barcodes', e.target.value)}
        />
        <button className="admin-button" disabled={save.pending}>
          {t.form.save}
        </button>{' '}
        <button type="button" className="admin-button admin-button-quiet" onClick={onClose}>
          {t.form.close}
        </button>
      </form>
      <ActionStatus action={save} />
    </section>
  );
}
