import { useEffect } from 'react';
import { ru } from '#web/i18n/ru';
import { isChunkLoadError, reloadAfterChunkError } from '#web/lib/chunk-reload';
import { isRouteError } from '#web/lib/router/route-table';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { useShell } from '#web/ui/shell-state';
import { NotFoundPage } from './not-found-page';

/** What a page shows when it cannot: the not-found page for 404, a reload for a stale build, else an apology. */
export function PageError({ error }: { error: unknown }) {
  const settings = useSettings();
  const { notify } = useShell();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError && !reloadAfterChunkError()) notify({ message: ru.shell.chunkError, reload: true });
  }, [chunkError, notify]);
  if (isRouteError(error, 404)) return <NotFoundPage />;
  return (
    <div className="container page page--centered">
      <PageMeta title={ru.shell.errorTitle} brand={settings.title} />
      <h1 className="page__title">{ru.shell.errorTitle}</h1>
      <p className="page__lead">{ru.shell.somethingWrong}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {ru.shell.reloadPage}
      </button>
    </div>
  );
}

/** The error page as a router outlet's `renderError`. */
export const renderPageError = (error: unknown) => <PageError error={error} />;
