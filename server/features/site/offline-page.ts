import { escapeHtml, page } from '#server/lib/html';

/**
 * `/offline`: what the service worker shows for any page but /profile when there is no network
 * (docs/decisions/028). Plain HTML without script, so it never tries to hydrate as another route's page; its
 * links go to the card (which works offline) and back to the address the person asked for (`href=""`).
 */
export function offlinePage(brand: string): string {
  return page(
    `Нет соединения — ${brand}`,
    `<h1>Нет соединения с интернетом</h1>
<p>Страница откроется, когда связь вернётся. Карта и код для кассы работают и без сети.</p>
<p><a href="/profile">Открыть карту</a></p>
<p><a href="">Попробовать снова</a></p>
<p class="note">${escapeHtml(brand)}</p>`,
  );
}
