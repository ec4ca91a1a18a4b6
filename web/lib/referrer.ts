/** The referrer id kept in the `referer` cookie (spec section 2), sent as `refererID` when a card is registered. */
export function readReferrer(): string {
  if (typeof document === 'undefined') return '';
  const match = /(?:^|;\s*)referer=([^;]*)/.exec(document.cookie);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]).slice(0, 40);
  } catch {
    return '';
  }
}
