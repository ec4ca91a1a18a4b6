import { useSuspenseQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ru } from '../../i18n/ru';
import { ruPages } from '../../i18n/ru-pages';
import { useApi } from '../../lib/api-context';
import { useFormatDate } from '../../lib/use-format-date';
import { useSettings } from '../../lib/settings';
import { EmptyState } from '../../ui/empty-state';
import { PageMeta } from '../../ui/page-meta';
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
  const parts: Array<[number, string]> = [
    [Math.floor(seconds / 86400), ru.countdown.days],
    [Math.floor(seconds / 3600) % 24, ru.countdown.hours],
    [Math.floor(seconds / 60) % 60, ru.countdown.minutes],
    [seconds % 60, ru.countdown.seconds],
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
              {parts.map(([value, label]) => (
                <div key={label} className="countdown__cell">
                  <span className="countdown__value">
                    {remaining === null ? '--' : String(value).padStart(2, '0')}
                  </span>
                  <span className="countdown__label">{label}</span>
                </div>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
