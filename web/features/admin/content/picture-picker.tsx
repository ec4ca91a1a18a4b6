import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminApi } from '../api';

const t = ruAdminContent.news;

/**
 * A news item's pictures picked from the brand's uploaded ones, each with its thumbnail (decision 054), not
 * typed as file names. The order is the order they were ticked in; a name the item has that is no longer
 * uploaded stays listed, so it can be unticked.
 */
export function PicturePicker({
  label,
  value,
  error,
  onValue,
}: {
  label: string;
  value: string[];
  error?: string;
  onValue: (value: string[]) => void;
}) {
  const id = useId();
  const pictures = useQuery({
    queryKey: ['admin', 'content', 'pictures'],
    queryFn: () => adminApi().request('GET /api/operator/pictures'),
  });
  const stored = pictures.data ?? [];
  const missing = value.filter((name) => !stored.some((p) => p.name === name));
  const options = [
    ...stored.map((p) => ({ name: p.name, version: p.updatedAt })),
    ...missing.map((name) => ({ name, version: null })),
  ];
  const toggle = (name: string, on: boolean) =>
    onValue(on ? [...value.filter((n) => n !== name), name] : value.filter((n) => n !== name));
  return (
    <fieldset
      className="admin-field content-picture-pick"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{label}</legend>
      {pictures.data && options.length === 0 && <p className="admin-muted">{t.noPictures}</p>}
      <ul>
        {options.map(({ name, version }) => (
          <li key={name}>
            <label>
              <input
                type="checkbox"
                checked={value.includes(name)}
                onChange={(e) => toggle(name, e.target.checked)}
              />
              {version === null ? (
                <span className="content-thumb content-thumb--missing" aria-hidden="true" />
              ) : (
                <img
                  className="content-thumb"
                  src={`/api/proxy/pictures/${encodeURIComponent(name)}?v=${encodeURIComponent(version)}`}
                  alt=""
                  loading="lazy"
                />
              )}
              <span>{version === null ? t.missingPicture(name) : name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <span className="admin-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
