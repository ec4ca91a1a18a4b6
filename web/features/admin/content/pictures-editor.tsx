import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PictureInfo } from '#common/contract/operator-content';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi, adminErrorText } from '../api';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { LabelledField } from '../kit/field';
import { useAction } from '../kit/use-action';
import { SaveStatus, TextInput } from './form-fields';
import { base64Of, pictureFileProblem, pictureNameOf, PICTURE_TYPES, type PictureType } from './picture-file';

const t = ruAdminContent;
const KEY = ['admin', 'content', 'pictures'];

/** A refusal said here (a file of the wrong type or size) is a plain Error; the server's, the console's text. */
const failureText = (failure: unknown) =>
  failure instanceof Error && !('status' in failure) ? failure.message : adminErrorText(failure);

/** The brand's pictures: upload one (type and size checked here and by the server), see them, delete one. */
export function PicturesEditor() {
  const canWrite = useCan('content.write');
  const pictures = useQuery({
    queryKey: KEY,
    queryFn: () => adminApi().request('GET /api/operator/pictures'),
  });
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  // Upload and delete: one action whose work returns the line to say.
  const action = useAction<() => Promise<string>, string>({
    run: (work) => work(),
    done: (line) => line,
    invalidate: [KEY],
    errorText: failureText,
  });

  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    action.run(async () => {
      if (!file) throw new Error(t.pictures.badType);
      const problem = pictureFileProblem(file);
      if (problem) throw new Error(problem);
      const saved = await adminApi().request('PUT /api/operator/pictures/:name', {
        params: { name },
        body: { contentType: file.type as PictureType, data: await base64Of(file) },
      });
      form.reset();
      setFile(null);
      setName('');
      return t.pictures.uploaded(saved.name);
    });
  };
  const remove = (picture: string) => {
    if (!window.confirm(t.confirmRemove(picture))) return;
    action.run(async () => {
      await adminApi().request('DELETE /api/operator/pictures/:name', { params: { name: picture } });
      return t.saved;
    });
  };

  return (
    <section aria-label={t.tabs.pictures}>
      {canWrite ? (
        <form className="admin-inline-form" aria-label={t.pictures.upload} onSubmit={upload}>
          <LabelledField label={t.pictures.file} id="picture-file">
            {(control) => (
              <input
                {...control}
                type="file"
                accept={PICTURE_TYPES.join(',')}
                required
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  setFile(chosen);
                  if (chosen) setName(pictureNameOf(chosen.name));
                }}
              />
            )}
          </LabelledField>
          <TextInput label={t.pictures.name} value={name} required maxLength={100} onValue={setName} />
          <button className="admin-button">{t.pictures.upload}</button>
        </form>
      ) : (
        <p className="admin-muted">{t.readOnly}</p>
      )}
      <SaveStatus action={action} />
      <DataTable
        label={t.tabs.pictures}
        columns={pictureColumns(canWrite, remove)}
        rows={pictures.data}
        rowKey={(p) => p.name}
        empty={t.content.empty}
      />
    </section>
  );
}

function pictureColumns(canWrite: boolean, remove: (name: string) => void): Column<PictureInfo>[] {
  const c = t.pictures.columns;
  const columns: Column<PictureInfo>[] = [
    {
      header: c.picture,
      cell: (p) => (
        <img
          className="content-thumb"
          src={`/api/proxy/pictures/${encodeURIComponent(p.name)}?v=${encodeURIComponent(p.updatedAt)}`}
          alt={p.name}
          loading="lazy"
        />
      ),
    },
    { header: c.name, cell: (p) => <code>{p.name}</code> },
    { header: c.type, cell: (p) => p.contentType },
    { header: c.size, cell: (p) => t.pictures.kb(p.bytes) },
  ];
  if (!canWrite) return columns;
  const button: Column<PictureInfo> = {
    header: c.actions,
    cell: (p) => (
      <button
        type="button"
        className="admin-link admin-link--danger"
        aria-label={`${t.remove}: ${p.name}`}
        onClick={() => remove(p.name)}
      >
        {t.remove}
      </button>
    ),
  };
  return [...columns, button];
}
