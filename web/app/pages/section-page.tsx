import { useMatches } from 'react-router';
import { ru } from '../../i18n/ru';
import { useSettings } from '../../lib/settings';
import { PageMeta } from '../../ui/page-meta';
import type { PageHandle } from '../routes';

/** The heading of a section whose screen a later issue builds (the page exists and routes already). */
export function SectionPage() {
  const settings = useSettings();
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  const moduleName = settings.modules.find((m) => m.id === handle?.module)?.name;
  const title = handle?.title ?? moduleName ?? settings.title;
  return (
    <div className="container page">
      <PageMeta title={title} brand={settings.title} description={settings.description} />
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{ru.pages.comingSoon}</p>
    </div>
  );
}
