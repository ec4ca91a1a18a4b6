import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

describe('chunk-load errors', () => {
  const reload = vi.fn();
  Object.defineProperty(window, 'location', { value: { ...window.location, reload }, writable: true });
  afterEach(() => {
    reload.mockClear();
    sessionStorage.clear();
  });

  it('recognises the browsers’ messages for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const t = 1_000_000;
    expect(reloadAfterChunkError(t)).toBe(true);
    expect(reloadAfterChunkError(t + 10_000)).toBe(false);
    expect(reloadAfterChunkError(t + CHUNK_RELOAD_INTERVAL_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
