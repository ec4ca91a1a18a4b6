import { useState, type FormEvent } from 'react';
import { ruAdminCatalogue } from '#web/i18n/ru-admin-catalogue';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { useAction } from '../kit/use-action';
import { CATALOGUE_KEY, fileAsBase64 } from './catalogue-api';

const t = ruAdminCatalogue.upload;
/** The server's limit (common/contract/catalogue.ts), checked first here. */
const FILE_MAX_BYTES = 24 * 1024 * 1024;

/** Loads a CSV file of items or categories; answers the counts, or the rows that kept the file out. */
export function CatalogueUpload() {
  const [file, setFile] = useState<File | null>(null);
  const action = useAction({
    run: async (chosen: File) => {
      if (chosen.size > FILE_MAX_BYTES) throw new Error(t.tooBig);
      return adminApi().request('POST /api/operator/catalogue/import', {
        body: { data: await fileAsBase64(chosen) },
      });
    },
    done: (r) =>
      r.kind === 'items'
        ? t.done('items', r.items.created, r.items.updated, r.items.unchanged)
        : t.done('categories', r.categories.created, r.categories.updated, r.categories.unchanged),
    invalidate: [[...CATALOGUE_KEY]],
  });
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file) action.run(file);
  };
  return (
    <section aria-label={t.heading}>
      <h2>{t.heading}</h2>
      <form className="admin-inline-form" aria-label={t.heading} onSubmit={send}>
        <div className="admin-field">
          <label htmlFor="catalogue-file">{t.file}</label>
          <input
            id="catalogue-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            required
            aria-describedby="catalogue-file-hint"
            onChange={(e) => {
              action.reset();
              setFile(e.target.files?.[0] ?? null);
            }}
          />
        </div>
        <button className="admin-button" disabled={action.pending}>
          {action.pending ? t.sending : t.send}
        </button>
      </form>
      <p className="admin-muted" id="catalogue-file-hint">
        {t.hint}
      </p>
      <ActionStatus action={action} />
    </section>
  );
}
