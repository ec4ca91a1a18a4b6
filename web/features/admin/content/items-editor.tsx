import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminErrorText } from '../api';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { useAction } from '../kit/use-action';
import { fieldErrorsOf, saveFailureText, SaveStatus, type FieldErrors } from './form-fields';

const t = ruAdminContent;

export interface ItemFormProps<B> {
  value: B;
  onChange: (value: B) => void;
  errors: FieldErrors;
}

export interface ItemsEditorProps<T extends { id: number }> {
  /** The query key's last part and the form's accessible name. */
  name: string;
  heading: string;
  addLabel: string;
  list: () => Promise<T[]>;
  create: (body: Omit<T, 'id'>) => Promise<T>;
  update: (id: number, body: Omit<T, 'id'>) => Promise<T>;
  remove: (id: number) => Promise<unknown>;
  blank: () => Omit<T, 'id'>;
  columns: { label: string; cell: (item: T) => ReactNode }[];
  titleOf: (item: T) => string;
  Form: ComponentType<ItemFormProps<Omit<T, 'id'>>>;
}

type Editing<T> = { id: number | null; value: Omit<T, 'id'> };

/**
 * One content collection in the console: its items in a table, a form to add one or change one (the server
 * checks it with the API's schema and names each bad field), and deletion. Only `content.write` sees the buttons.
 */
export function ItemsEditor<T extends { id: number }>(props: ItemsEditorProps<T>) {
  const { name, heading, addLabel, titleOf, Form } = props;
  const key = ['admin', 'content', name];
  const canWrite = useCan('content.write');
  const items = useQuery({ queryKey: key, queryFn: props.list });
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  // Saving and deleting are one action: the line under the buttons says how the last of them went.
  const action = useAction<() => Promise<unknown>>({
    run: (work) => work(),
    done: () => t.saved,
    invalidate: [key],
    errorText: saveFailureText,
  });

  const open = (id: number | null, value: Omit<T, 'id'>) => {
    action.reset();
    setEditing({ id, value });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const { id, value } = editing;
    action.run(async () => {
      await (id === null ? props.create(value) : props.update(id, value));
      setEditing(null);
    });
  };
  const remove = (item: T) => {
    if (window.confirm(t.confirmRemove(titleOf(item)))) action.run(() => props.remove(item.id));
  };

  return (
    <section aria-label={heading}>
      {canWrite && !editing && (
        <button type="button" className="admin-button" onClick={() => open(null, props.blank())}>
          {addLabel}
        </button>
      )}
      {!canWrite && <p className="admin-muted">{t.readOnly}</p>}
      <SaveStatus action={action} />
      {editing && (
        <form
          className="content-form"
          aria-label={editing.id === null ? addLabel : `${t.edit}: ${editing.id}`}
          onSubmit={save}
          noValidate
        >
          <Form
            value={editing.value}
            errors={fieldErrorsOf(action.failure)}
            onChange={(value) => setEditing({ ...editing, value })}
          />
          <div className="content-form__buttons">
            <button className="admin-button">{t.save}</button>
            <button
              type="button"
              className="admin-button admin-button-quiet"
              onClick={() => setEditing(null)}
            >
              {t.cancel}
            </button>
          </div>
        </form>
      )}
      <DataTable
        label={heading}
        columns={itemColumns(props, canWrite, open, remove)}
        rows={items.data}
        rowKey={(item) => item.id}
        empty={t.content.empty}
        error={items.isError && adminErrorText(items.error)}
      />
    </section>
  );
}

/** The table's columns: the number, the collection's own, and (for `content.write`) change and delete. */
function itemColumns<T extends { id: number }>(
  { columns, titleOf }: ItemsEditorProps<T>,
  canWrite: boolean,
  open: (id: number, value: Omit<T, 'id'>) => void,
  remove: (item: T) => void,
): Column<T>[] {
  const own: Column<T>[] = columns.map((c) => ({ header: c.label, cell: c.cell }));
  const buttons: Column<T> = {
    header: t.columns.actions,
    cell: (item) => (
      <div className="admin-actions">
        <button
          type="button"
          className="admin-link"
          aria-label={`${t.edit}: ${titleOf(item)}`}
          onClick={() => {
            const { id, ...value } = item;
            open(id, value);
          }}
        >
          {t.edit}
        </button>
        <button
          type="button"
          className="admin-link admin-link--danger"
          aria-label={`${t.remove}: ${titleOf(item)}`}
          onClick={() => remove(item)}
        >
          {t.remove}
        </button>
      </div>
    ),
  };
  return [{ header: t.columns.id, cell: (item) => item.id }, ...own, ...(canWrite ? [buttons] : [])];
}
