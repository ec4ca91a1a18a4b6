import { headerResponseSchema, type BrandSettings } from '#common/contract/header';
import { cachedBrandSettings } from '#server/core/brand-settings';
import type { Db } from '#server/db/client';
import { etagOf, type ContentCache } from '#server/lib/content-cache';

export const LOGO_PICTURE = 'xxhdpi_logo_small';
export const LOGO_URL = `/api/proxy/pictures/${LOGO_PICTURE}`;

/** The header body without its per-visitor fields, serialised once per change of the settings. */
export interface HeaderBase {
  settings: BrandSettings;
  /** The JSON text of the shared part, without the closing brace, so per-visitor fields append cheaply. */
  jsonPrefix: string;
  etag: string;
  /** The whole body for an anonymous visitor without a referrer: most requests, served as is. */
  anonymous: { body: string; etag: string };
}

const HEADER_KEY = 'header';

export function getHeaderBase(db: Db, cache: ContentCache): Promise<HeaderBase> {
  return cache.get(HEADER_KEY, async () => {
    const settings = await cachedBrandSettings(db, cache);
    const { invoiceSeller: _seller, fiscal: _fiscal, ...siteSettings } = settings;
    const shaped = headerResponseSchema.parse({
      ...siteSettings,
      logo: LOGO_URL,
      isLogged: false,
      refererId: null,
    });
    const { isLogged: _l, refererId: _r, ...shared } = shaped;
    const json = JSON.stringify(shared);
    const base = { settings, jsonPrefix: json.slice(0, -1), etag: etagOf(json) };
    return { ...base, anonymous: composeHeaderBody(base, false, null) };
  });
}

/** The header base when it is already built, so the hot path need not wait for a promise. */
export function peekHeaderBase(cache: ContentCache): HeaderBase | undefined {
  return cache.peek<HeaderBase>(HEADER_KEY);
}

/** The full header body for one visitor: the shared part plus whether they are logged in and their referrer. */
export function composeHeaderBody(
  base: Pick<HeaderBase, 'jsonPrefix' | 'etag'>,
  isLogged: boolean,
  refererId: string | null,
) {
  const body = `${base.jsonPrefix},"isLogged":${isLogged},"refererId":${JSON.stringify(refererId)}}`;
  const variant = isLogged || refererId ? etagOf(`${isLogged}:${refererId}`).slice(1, 9) : '0';
  return { body, etag: `${base.etag.slice(0, -1)}-${variant}"` };
}
