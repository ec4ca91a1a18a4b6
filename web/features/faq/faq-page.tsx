import { useSuspenseQuery } from '@tanstack/react-query';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useApi } from '#web/lib/api-context';
import { paragraphs } from '#web/lib/formats';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { faqQuery } from './api';

/** Questions as native disclosure widgets: keyboard and screen readers work with no script at all. */
export function FaqPage() {
  const settings = useSettings();
  const { questions } = useSuspenseQuery(faqQuery(useApi())).data;
  return (
    <div className="container page content-page">
      <PageMeta title={ruPages.titles.faq} brand={settings.title} description={ru.faq.lead} />
      <h1 className="page__title">{ruPages.titles.faq}</h1>
      <p className="page__lead">{ru.faq.lead}</p>
      {questions.length === 0 ? (
        <EmptyState title={ru.faq.empty} />
      ) : (
        <div className="faq">
          {questions.map((q) => (
            <details key={q.id} className="faq__item">
              <summary className="faq__question">{q.question}</summary>
              <div className="faq__answer prose">
                {paragraphs(q.answer).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
