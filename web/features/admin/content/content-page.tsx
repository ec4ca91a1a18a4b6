import { useSearchParams } from '#web/lib/router/hooks';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { ActionsEditor, FaqEditor, NewsEditor } from './collection-editors';
import { ContentStyles } from './content-styles';
import { PagesEditor } from './pages-editor';
import { PicturesEditor } from './pictures-editor';
import { PointsEditor } from './points-editor';

const t = ruAdminContent;

/** Each part of the site's content and its editor; the part is in the address (`?tab=points`), so a link keeps it. */
const TABS = {
  news: NewsEditor,
  faq: FaqEditor,
  actions: ActionsEditor,
  points: PointsEditor,
  pages: PagesEditor,
  pictures: PicturesEditor,
} as const;
type Tab = keyof typeof TABS;

/** `/admin/content`: news, FAQ, actions, points, pages and pictures (decision 032). */
export function ContentPage() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') ?? 'news';
  const tab: Tab = asked in TABS ? (asked as Tab) : 'news';
  const Editor = TABS[tab];
  return (
    <>
      <ContentStyles />
      <h1>{t.content.heading}</h1>
      <nav className="content-tabs" aria-label={t.content.sections}>
        {(Object.keys(TABS) as Tab[]).map((key) => (
          <a
            key={key}
            href={`/admin/content?tab=${key}`}
            aria-current={key === tab ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              setSearch({ tab: key });
            }}
          >
            {t.tabs[key]}
          </a>
        ))}
      </nav>
      <h2>{t.tabs[tab]}</h2>
      <Editor key={tab} />
    </>
  );
}
