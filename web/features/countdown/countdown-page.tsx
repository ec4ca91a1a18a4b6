import { useSuspenseQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  DAY_FORMS,
  HOUR_FORMS,
  MINUTE_FORMS,
  plural,
  SECOND_FORMS,
  type PluralForms,
} from '#common/lib/format';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useApi } from '#web/lib/api-context';
import { useFormatDate } from '#web/lib/use-format-date';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { countdownQuery } from './api';

const subscribe = (tick: () => void) => {
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
};
// Whole seconds, so the snapshot is stable between renders within one second.
const nowSeconds = () => Math.floor(Date.now() / 1000);
// The server (and hydration) render without a clock: the server's time would not match the browser's.
const noClock = () => null;

/** Milliseconds until the date, or null while rendering on the server and hydrating. */
function useRemaining(target: string): number | null {
  const now = useSyncExternalStore(subscribe, nowSeconds, noClock);
  return now === null ? null : Math.max(0, new Date(target).getTime() - now * 1000);
}

export function CountdownPage() {
  const formatDate = useFormatDate();
  const settings = useSettings();
  const countdown = useSuspenseQuery(countdownQuery(useApi())).data;
  const remaining = useRemaining(countdown.date);
  const title = countdown.title || ruPages.titles.countdown;
  const seconds = Math.floor((remaining ?? 0) / 1000);
  // Each label agrees with its number ('03 минуты', '21 день'); before the clock runs, the many-form.
  const parts: Array<[string, number, PluralForms]> = [
    ['days', Math.floor(seconds / 86400), DAY_FORMS],
    ['hours', Math.floor(seconds / 3600) % 24, HOUR_FORMS],
    ['minutes', Math.floor(seconds / 60) % 60, MINUTE_FORMS],
    ['seconds', seconds % 60, SECOND_FORMS],
  ];
  return (
    <div className="container page content-page">
      <PageMeta title={title} brand={settings.title} description={countdown.text || undefined} />
      <h1 className="page__title">{title}</h1>
      {!countdown.title ? (
        <EmptyState title={ru.countdown.empty} />
      ) : (
        <>
          <p className="page__lead">{countdown.text}</p>
          <p className="countdown__until">{ru.countdown.until(formatDate(countdown.date))}</p>
          {remaining === 0 ? (
            <p className="countdown__over">{ru.countdown.over}</p>
          ) : (
            <div className="countdown" aria-hidden={remaining === null}>
              {parts.map(([unit, value, forms]) => (
                <div key={unit} className="countdown__cell">
                  <span className="countdown__value">
                    {remaining === null ? '--' : String(value).padStart(2, '0')}
                  </span>
                  <span className="countdown__label">
                    {remaining === null ? forms.many : plural(value, forms)}
                  </span>
                </div>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
