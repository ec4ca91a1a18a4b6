/** Spec section 8: a chunk that fails to load reloads the page, at most once a minute. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const LAST_RELOAD_KEY = 'chunkReloadAt';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(`${error.name} ${error.message}`);
}

/**
 * Reloads the page to pick up the new build, unless it already did so less than a minute ago (then the
 * caller shows the notification bar instead). Returns whether it reloaded.
 */
export function reloadAfterChunkError(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // No session storage: reload once anyway; the browser's own cache stops a loop.
  }
  window.location.reload();
  return true;
}
