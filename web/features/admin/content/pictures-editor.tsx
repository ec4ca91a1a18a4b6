import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi, adminErrorText } from '../admin-api';
import { TableScroll } from '../field';
import { TextInput, useCan } from './form-fields';
import { base64Of, pictureFileProblem, pictureNameOf, PICTURE_TYPES, type PictureType } from './picture-file';

const t = ruAdminContent;
const KEY = ['admin', 'content', 'pictures'];

/** The brand's pictures: upload one (type and size checked here and by the server), see them, delete one. */
export function PicturesEditor() {
  const queryClient = useQueryClient();
  const canWrite = useCan('content.write');
  const pictures = useQuery({
    queryKey: KEY,
    queryFn: () => adminApi().request('GET /api/operator/pictures'),
  });
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const run = async (work: () => Promise<string>) => {
    setMessage(null);
    try {
      setMessage({ text: await work(), failed: false });
    } catch (failure) {
      setMessage({
        text: failure instanceof Error && !('status' in failure) ? failure.message : adminErrorText(failure),
        failed: true,
      });
    }
    await queryClient.invalidateQueries({ queryKey: KEY });
  };
  const upload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    return run(async () => {
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

  return (
    <section aria-label={t.tabs.pictures}>
      {canWrite ? (
        <form className="admin-inline-form" aria-label={t.pictures.upload} onSubmit={(e) => void upload(e)}>
          <div className="admin-field">
            <label htmlFor="picture-file">{t.pictures.file}</label>
            <input
              id="picture-file"
              type="file"
              accept={PICTURE_TYPES.join(',')}
              required
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen) setName(pictureNameOf(chosen.name));
              }}
            />
          </div>
          <TextInput label={t.pictures.name} value={name} required maxLength={100} onValue={setName} />
          <button className="admin-button">{t.pictures.upload}</button>
        </form>
      ) : (
        <p className="admin-muted">{t.readOnly}</p>
      )}
      {message && (
        <p
          className={message.failed ? 'admin-error' : 'admin-muted'}
          role={message.failed ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {pictures.data && (
        <TableScroll label={t.tabs.pictures}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.pictures.columns.picture}</th>
                <th scope="col">{t.pictures.columns.name}</th>
                <th scope="col">{t.pictures.columns.type}</th>
                <th scope="col">{t.pictures.columns.size}</th>
                {canWrite && <th scope="col">{t.pictures.columns.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {pictures.data.map((p) => (
                <tr key={p.name}>
                  <td>
                    <img
                      className="content-thumb"
                      src={`/api/proxy/pictures/${encodeURIComponent(p.name)}?v=${encodeURIComponent(p.updatedAt)}`}
                      alt={p.name}
                      loading="lazy"
                    />
                  </td>
                  <td>
                    <code>{p.name}</code>
                  </td>
                  <td>{p.contentType}</td>
                  <td>{t.pictures.kb(p.bytes)}</td>
                  {canWrite && (
                    <td>
                      <button
                        type="button"
                        className="admin-link admin-link--danger"
                        aria-label={`${t.remove}: ${p.name}`}
                        onClick={() => {
                          if (!window.confirm(t.confirmRemove(p.name))) return;
                          void run(async () => {
                            await adminApi().request('DELETE /api/operator/pictures/:name', {
                              params: { name: p.name },
                            });
                            return t.saved;
                          });
                        }}
                      >
                        {t.remove}
                      </button>
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
