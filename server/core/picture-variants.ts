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

/**
 * A brand picture at `width` pixels (never enlarged) in a modern format, for a page's `srcset` (decision 029).
 * Made on first use and kept in the content cache under the source's key, so replacing the picture (which
 * bumps the content revision) drops its copies too; an unknown name is null and nothing is kept for it.
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
  return cache.get(`picture:${name}:${source.etag}:${width}:${format}`, async () => {
    const data = await ENCODE[format](
      sharp(source.data).resize({ width, withoutEnlargement: true }),
    ).toBuffer();
    return { contentType: `image/${format}`, data, etag: etagOf(data) };
  });
}
