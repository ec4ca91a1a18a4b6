import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { isDatabaseUnavailable } from '../db/availability';
import type { Db } from '../db/client';
import { pictureVariants } from '../db/schema/brand';
import { etagOf, type ContentCache } from '../lib/content-cache';
import { PICTURE_FORMATS, PICTURE_WIDTHS } from '#common/lib/picture-sizes';
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
 * The row of a copy that cannot be made (a picture stored before uploads were decoded, issue 26 item 8): no
 * bytes, and the original is served in its place. One is stored for every width and format of the picture's
 * version at the first failure, so no process decodes it again; a replaced picture has another ETag and is tried.
 */
const UNMADE = 'application/x-unmade';
/** The most pixels a copy is made from (an upload is refused past 25 million: decision 050). */
const MAX_SOURCE_PIXELS = 25_000_000;

/** Copies kept per process: a brand's pictures × widths × formats, well under this. */
const MAX_COPIES = 256;
const copies = new Map<string, Promise<Picture>>();

/** Which copy of which picture: the picture's name and the ETag of its bytes, the width and the format. */
interface Wanted {
  name: string;
  source: Picture;
  width: PictureWidth;
  format: PictureFormat;
}

/**
 * A copy of `source` made once: kept in this process by the source's ETag (not in the content cache, which every
 * content change clears: an edit to a campaign must not make every worker encode every picture again), and in
 * `picture_variants` for every process and every start after (decision 045), so only the first visitor after
 * a picture changes waits for its encoding. A replaced picture has another ETag, so its old copies are never
 * served. Concurrent asks in a process share one encode.
 */
function copyOf(db: Db, wanted: Wanted): Promise<Picture> {
  const key = `${wanted.name}:${wanted.source.etag}:${wanted.width}:${wanted.format}`;
  let copy = copies.get(key);
  if (!copy) {
    copy = storedCopy(db, wanted).then((stored) => stored ?? encodeAndStore(db, wanted));
    copy.catch(() => copies.delete(key));
    copies.set(key, copy);
    if (copies.size > MAX_COPIES) copies.delete(copies.keys().next().value!);
  }
  return copy;
}

/** Forgets this process's copies (tests, to see what another process would find). */
export function forgetCopiesInProcess() {
  copies.clear();
}

async function storedCopy(db: Db, { name, source, width, format }: Wanted): Promise<Picture | null> {
  const [row] = await db
    .select({ contentType: pictureVariants.contentType, data: pictureVariants.data })
    .from(pictureVariants)
    .where(
      and(
        eq(pictureVariants.name, name),
        eq(pictureVariants.sourceEtag, source.etag),
        eq(pictureVariants.width, width),
        eq(pictureVariants.format, format),
      ),
    );
  if (!row) return null;
  if (row.contentType === UNMADE) return source;
  return { contentType: row.contentType, data: row.data, etag: etagOf(row.data) };
}

async function encodeAndStore(db: Db, wanted: Wanted): Promise<Picture> {
  const { name, source, width, format } = wanted;
  let data: Buffer;
  try {
    data = await ENCODE[format](
      sharp(source.data, { limitInputPixels: MAX_SOURCE_PIXELS }).resize({ width, withoutEnlargement: true }),
    ).toBuffer();
  } catch {
    // It does not decode (cut, or too many pixels): the original, and never this version's decode again.
    await storeRows(db, wanted, unmadeRows(wanted));
    return source;
  }
  const copy = { contentType: `image/${format}`, data, etag: etagOf(data) };
  await storeRows(db, wanted, [
    { name, sourceEtag: source.etag, width, format, contentType: copy.contentType, data },
  ]);
  return copy;
}

const unmadeRows = ({ name, source }: Wanted) =>
  PICTURE_WIDTHS.flatMap((width) =>
    PICTURE_FORMATS.map((format) => ({
      name,
      sourceEtag: source.etag,
      width,
      format,
      contentType: UNMADE,
      data: Buffer.alloc(0),
    })),
  );

async function storeRows(db: Db, { name, source }: Wanted, rows: (typeof pictureVariants.$inferInsert)[]) {
  try {
    await db.transaction(async (tx) => {
      // The copies of the picture's earlier versions go: no page asks for them any more.
      await tx
        .delete(pictureVariants)
        .where(and(eq(pictureVariants.name, name), ne(pictureVariants.sourceEtag, source.etag)));
      await tx.insert(pictureVariants).values(rows).onConflictDoNothing();
    });
  } catch (error) {
    // The picture was deleted meanwhile (the foreign key), or the database is away: this answer still has its
    // copy, and the next process asks again.
    if (!isForeignKeyViolation(error) && !isDatabaseUnavailable(error)) throw error;
  }
}

/** Whether `error` (or what drizzle wrapped) is the database refusing a copy of a picture no longer there. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
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
  return copyOf(db, { name, source, width, format });
}
