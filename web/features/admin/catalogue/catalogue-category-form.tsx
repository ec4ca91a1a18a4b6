import { useState, type FormEvent } from 'react';
import type { CatalogueCategory } from '#common/contract/catalogue';
import { LEGAL_GROUPS, type LegalGroup } from '#common/lib/catalogue-vocabulary';
import { ruAdminCatalogue } from '#web/i18n/ru-admin-catalogue';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Field, LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';
import { CATALOGUE_KEY, indented, useCatalogueCategories } from './catalogue-api';

const t = ruAdminCatalogue;
type Draft = Pick<CatalogueCategory, 'name' | 'parentId' | 'noEarn' | 'noSpend' | 'legalGroup'>;

/** A labelled checkbox on its own line. */
export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="admin-field">
      <label className="admin-check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />{' '}
        {label}
      </label>
    </div>
  );
}

/** The legal group's select: none, or one of the closed list. */
/** A category picked from the tree (indented), or none; `exclude` leaves one out (a category's own parent). */
export function CategorySelect({
  label,
  none,
  value,
  exclude,
  onChange,
}: {
  label: string;
  none: string;
  value: string | null;
  exclude?: string;
  onChange: (id: string | null) => void;
}) {
  const categories = useCatalogueCategories();
  return (
    <LabelledField label={label}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{none}</option>
          {categories.data
            ?.filter((c) => c.id !== exclude)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {indented(c)}
              </option>
            ))}
        </select>
      )}
    </LabelledField>
  );
}

export function LegalGroupField({
  value,
  onChange,
}: {
  value: LegalGroup | null;
  onChange: (v: LegalGroup | null) => void;
}) {
  return (
    <LabelledField label={t.form.legalGroup}>
      {(control) => (
        <select
          {...control}
          value={value ?? ''}
          onChange={(e) => onChange((e.target.value || null) as LegalGroup | null)}
        >
          <option value="">{t.form.noLegalGroup}</option>
          {LEGAL_GROUPS.map((group) => (
            <option key={group} value={group}>
              {t.legalGroups[group]}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** One category's edit form: name, parent (a cycle is refused by the server), flags and legal group. */
export function CatalogueCategoryForm({
  category,
  onClose,
}: {
  category: CatalogueCategory;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({ ...category }));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useAction({
    run: ({ name, parentId, noEarn, noSpend, legalGroup }: Draft) =>
      adminApi().request('PATCH /api/operator/catalogue/categories/:id', {
        params: { id: category.id },
        body: { name, parentId, noEarn, noSpend, legalGroup },
      }),
    done: (saved) => t.categoryForm.saved(saved.name),
    invalidate: [[...CATALOGUE_KEY]],
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.run(draft);
  };
  const heading = t.categoryForm.heading(category.id);
  return (
    <section aria-label={heading}>
      <h3>{heading}</h3>
      <form onSubmit={submit} aria-label={heading}>
        <Field
          label={t.form.name}
          value={draft.name}
          required
          maxLength={300}
          onChange={(e) => set('name', e.target.value)}
        />
        <CategorySelect
          label={t.categoryForm.parent}
          none={t.categoryForm.noParent}
          value={draft.parentId}
          exclude={category.id}
          onChange={(id) => set('parentId', id)}
        />
        <LegalGroupField value={draft.legalGroup} onChange={(v) => set('legalGroup', v)} />
        <CheckField label={t.form.noEarn} checked={draft.noEarn} onChange={(v) => set('noEarn', v)} />
        <CheckField label={t.form.noSpend} checked={draft.noSpend} onChange={(v) => set('noSpend', v)} />
        <p className="admin-muted">{t.categoryForm.inherited}</p>
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
