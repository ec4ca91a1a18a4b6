import { asc, eq, sql } from 'drizzle-orm';
import { PICTURE_MAX_BYTES, type PictureInfo } from '#common/contract/operator-content';
import type { Db } from '#server/db/client';
import { pictures } from '#server/db/schema/brand';
import { AppError } from '#server/errors';
import type { ContentCache } from '#server/lib/content-cache';
import { pictureDecodeRefusal } from './picture-decode';
import { svgRefusal } from './svg-check';

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);

/** Whether the bytes are really of the named type (a renamed file is refused, not stored under a false type). */
function isOfType(data: Buffer, contentType: string): boolean {
  switch (contentType) {
    case 'image/png':
      return startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(data, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return data.subarray(0, 6).toString('latin1').startsWith('GIF8');
    case 'image/webp':
      return (
        data.subarray(0, 4).toString('latin1') === 'RIFF' &&
        data.subarray(8, 12).toString('latin1') === 'WEBP'
      );
    case 'image/svg+xml':
      return /<svg[\s>]/i.test(data.subarray(0, 4096).toString('utf8'));
    default:
      return false;
  }
}

/**
 * Refuses what is not a picture of its named type, over 2 MB, a raster picture that does not decode or has too
 * many pixels (picture-decode.ts), or an SVG that is active or fetches from elsewhere (svg-check.ts). Shared by
 * the upload and the content file's import, so neither is a way round the other.
 */
export async function checkPicture(data: Buffer, contentType: string, name?: string) {
  const which = name ? `${name}: ` : '';
  if (data.length > PICTURE_MAX_BYTES) {
    throw new AppError('VALIDATION', `${which}Картинка больше 2 МБ: уменьшите её`);
  }
  if (!isOfType(data, contentType)) {
    throw new AppError(
      'VALIDATION',
      `${which}Файл не похож на картинку выбранного типа (PNG, JPEG, WebP, GIF, SVG)`,
    );
  }
  const refusal =
    contentType === 'image/svg+xml'
      ? svgRefusal(data.toString('utf8'))
      : await pictureDecodeRefusal(data, contentType);
  if (refusal) throw new AppError('VALIDATION', `${which}${refusal}`);
}

/** Checks and stores an uploaded picture under its name (replacing one of the same name). */
export async function uploadPicture(
  cache: ContentCache,
  name: string,
  contentType: string,
  base64: string,
  audit: (tx: Db, before: PictureInfo | null, after: PictureInfo) => Promise<void>,
): Promise<PictureInfo> {
  const data = Buffer.from(base64, 'base64');
  await checkPicture(data, contentType);
  return cache.write(async (tx) => {
    await lockName(tx, name);
    const [before] = await infoOf(tx, name);
    const now = new Date();
    await tx
      .insert(pictures)
      .values({ name, contentType, data, updatedAt: now })
      .onConflictDoUpdate({ target: pictures.name, set: { contentType, data, updatedAt: now } });
    const after = { name, contentType, bytes: data.length, updatedAt: now.toISOString() };
    await audit(tx, before ?? null, after);
    return after;
  });
}

/**
 * Two uploads of one name (or an upload and a delete) run one after the other, even for a name with no row yet
 * to lock: each audit row's "before" (and its upload/replace) is what the change really met.
 */
const lockName = (tx: Db, name: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:picture:${name}`}))`);

const INFO = {
  name: pictures.name,
  contentType: pictures.contentType,
  bytes: sql<number>`octet_length(${pictures.data})`.mapWith(Number),
  updatedAt: pictures.updatedAt,
};

async function infoOf(db: Db, name?: string): Promise<PictureInfo[]> {
  const rows = await db
    .select(INFO)
    .from(pictures)
    .where(name === undefined ? undefined : eq(pictures.name, name))
    .orderBy(asc(pictures.name));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export const listPictures = (db: Db) => infoOf(db);

export async function deletePicture(
  cache: ContentCache,
  name: string,
  audit: (tx: Db, before: PictureInfo) => Promise<void>,
) {
  return cache.write(async (tx) => {
    await lockName(tx, name);
    const [before] = await infoOf(tx, name);
    if (!before) throw new AppError('NOT_FOUND', 'Картинка не найдена');
    await tx.delete(pictures).where(eq(pictures.name, name));
    await audit(tx, before);
    return { deleted: true as const };
  });
}
