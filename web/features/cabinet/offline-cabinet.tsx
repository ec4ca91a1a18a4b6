import { useEffect } from 'react';
import type { UserInfoResponse } from '#common/contract/cabinet';
import { formatDateTime } from '#common/lib/format';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { readOfflineCard, saveOfflineCard } from '#web/lib/offline-card';
import { useSettings } from '#web/lib/settings';
import { useHydrated } from '#web/lib/session';
import { CardPanel } from './card-panel';

/** Keeps the active card and its balance for the next offline visit, each time the server answers. */
export function useKeepOfflineCard(response: UserInfoResponse | null) {
  useEffect(() => {
    if (response?.code !== 0) return;
    const active = response.info.cards.find((card) => card.active) ?? response.info.cards[0];
    if (active) saveOfflineCard(active, new Date());
  }, [response]);
}

/**
 * /profile with no network (docs/decisions/028): the last card this device saw, its member code computed here
 * as always, and the balance labelled with the time it was read, since it may have changed since.
 */
export function OfflineCabinet() {
  const hydrated = useHydrated();
  const settings = useSettings();
  const saved = hydrated ? readOfflineCard() : null;
  return (
    <div className="offline-cabinet">
      <p className="offline-cabinet__notice" role="status">
        {ruCabinet.offlineNotice}
      </p>
      {saved ? (
        <>
          {/* Above the card, beside the balance it dates: the balance may have changed since. */}
          <p className="offline-cabinet__as-of" data-testid="balance-as-of">
            {ruCabinet.balanceAsOf(formatDateTime(saved.savedAt, settings.timeZone))}
          </p>
          <CardPanel card={saved.card} brand={settings.title} />
        </>
      ) : (
        <p>{ruCabinet.offlineNoCard}</p>
      )}
    </div>
  );
}
