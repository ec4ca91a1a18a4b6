import sharp from 'sharp';
import type { Db } from '../db/client';
import { etagOf, type ContentCache } from '../lib/content-cache';
import type { PICTURE_FORMATS, PICTURE_WIDTHS } from '../../common/lib/picture-sizes';
import { findPicture, type Picture } from './pictures';

export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** Raster pictures get smaller copies; an SVG (the logo) is the same file at every size. */
const RASTER = new Set(['image/webp', 'image/png', 'image/jpeg']);

const ENCODE: Record<PictureFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  // AVIF at this quality looks like the WebP below at about two thirds of its bytes.
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
};

/** Copies kept per process: a brand's pictures × widths × formats, well under this. */
const MAX_COPIES = 256;
const copies = new Map<string, Promise<Picture>>();

/**
 * A copy of `source` made once per process: kept by the source's ETag rather than in the content cache, which
 * every content change clears (review: an edit to a campaign must not make every worker encode every picture
 * again); a replaced picture has another ETag, so its old copies simply age out. Concurrent asks share one encode.
 */
function copyOf(name: string, source: Picture, width: PictureWidth, format: PictureFormat): Promise<Picture> {
  const key = `${name}:${source.etag}:${width}:${format}`;
  let copy = copies.get(key);
  if (!copy) {
    copy = ENCODE[format](sharp(source.data).resize({ width, withoutEnlargement: true }))
      .toBuffer()
      .then((data) => ({ contentType: `image/${format}`, data, etag: etagOf(data) }));
    copy.catch(() => copies.delete(key));
    copies.set(key, copy);
    if (copies.size > MAX_COPIES) copies.delete(copies.keys().next().value!);
  }
  return copy;
}

/**
 * A brand picture at `width` pixels (never enlarged) in a modern format, for a page's `srcset` (decision 029).
 * An unknown name is null and nothing is kept for it; an SVG is the picture itself.
 */
export async function findPictureVariant(
  db: Db,
  cache: ContentCache,
  name: string,
  width: PictureWidth,
  format: PictureFormat,
): Promise<Picture | null> {
  const source = await findPicture(db, cache, name);
  if (!source || !RASTER.has(source.contentType)) return source;
  return copyOf(name, source, width, format);
}
