import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminErrorText } from '../admin-api';
import { TableScroll } from '../field';
import { fieldErrorsOf, saveFailureText, useCan, type FieldErrors } from './form-fields';

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

/**
 * One content collection in the console: its items in a table, a form to add one or change one (the server
 * checks it with the API's schema and names each bad field), and deletion. Only `content.write` sees the buttons.
 */
export function ItemsEditor<T extends { id: number }>(props: ItemsEditorProps<T>) {
  const { name, heading, addLabel, columns, titleOf, Form } = props;
  const key = ['admin', 'content', name];
  const queryClient = useQueryClient();
  const canWrite = useCan('content.write');
  const items = useQuery({ queryKey: key, queryFn: props.list });
  const [editing, setEditing] = useState<{ id: number | null; value: Omit<T, 'id'> } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const open = (id: number | null, value: Omit<T, 'id'>) => {
    setEditing({ id, value });
    setErrors({});
    setMessage(null);
  };
  const run = async (work: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await work();
      setMessage({ text: t.saved, failed: false });
      return true;
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      setMessage({ text: saveFailureText(failure), failed: true });
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const { id, value } = editing;
    if (await run(() => (id === null ? props.create(value) : props.update(id, value)))) setEditing(null);
  };
  const remove = (item: T) => {
    if (window.confirm(t.confirmRemove(titleOf(item)))) void run(() => props.remove(item.id));
  };

  return (
    <section aria-label={heading}>
      {canWrite && !editing && (
        <button type="button" className="admin-button" onClick={() => open(null, props.blank())}>
          {addLabel}
        </button>
      )}
      {!canWrite && <p className="admin-muted">{t.readOnly}</p>}
      {message && (
        <p
          className={message.failed ? 'admin-error' : 'admin-muted'}
          role={message.failed ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {editing && (
        <form
          className="content-form"
          aria-label={editing.id === null ? addLabel : `${t.edit}: ${editing.id}`}
          onSubmit={(e) => void save(e)}
          noValidate
        >
          <Form
            value={editing.value}
            errors={errors}
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
      {items.isError && <p className="admin-error">{adminErrorText(items.error)}</p>}
      {items.data?.length === 0 && <p>{t.content.empty}</p>}
      {items.data && items.data.length > 0 && (
        <TableScroll label={heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.id}</th>
                {columns.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
                {canWrite && <th scope="col">{t.columns.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {items.data.map((item) => (
                <tr key={item.id}>
                  <td>{item.id}</td>
                  {columns.map((c) => (
                    <td key={c.label}>{c.cell(item)}</td>
                  ))}
                  {canWrite && (
                    <td>
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
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
