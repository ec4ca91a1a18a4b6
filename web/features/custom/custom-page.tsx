import { useSuspenseQuery } from '@tanstack/react-query';
import { ru } from '#web/i18n/ru';
import { useApi } from '#web/lib/api-context';
import { paragraphs } from '#web/lib/formats';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { customQuery } from './api';

/** The operator's own page (a custom module): its headline and text. */
export function CustomPage() {
  const settings = useSettings();
  const custom = useSuspenseQuery(customQuery(useApi())).data;
  const text = paragraphs(custom.text);
  return (
    <div className="container page content-page">
      <PageMeta
        title={custom.headline || settings.title}
        brand={settings.title}
        description={text[0]?.slice(0, 200)}
      />
      <h1 className="page__title">{custom.headline || settings.title}</h1>
      {text.length === 0 ? (
        <EmptyState title={ru.custom.empty} />
      ) : (
        <div className="prose">
          {text.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
    </div>
  );
}
