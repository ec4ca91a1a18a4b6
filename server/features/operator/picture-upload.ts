import { asc, eq, sql } from 'drizzle-orm';
import { PICTURE_MAX_BYTES, type PictureInfo } from '../../../common/contract/operator-content';
import type { Db } from '../../db/client';
import { pictures } from '../../db/schema/brand';
import { AppError } from '../../errors';
import type { ContentCache } from '../../lib/content-cache';

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
 * An SVG is a document: one with scripts, event handlers or javascript: links would run them when opened at
 * its own address (same origin as the site), so such a file is refused rather than cleaned.
 */
const ACTIVE_SVG = /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<iframe|<embed|<object/i;

/** Checks and stores an uploaded picture under its name (replacing one of the same name). */
export async function uploadPicture(
  cache: ContentCache,
  name: string,
  contentType: string,
  base64: string,
  audit: (tx: Db, before: PictureInfo | null, after: PictureInfo) => Promise<void>,
): Promise<PictureInfo> {
  const data = Buffer.from(base64, 'base64');
  if (data.length > PICTURE_MAX_BYTES) {
    throw new AppError('VALIDATION', 'Картинка больше 2 МБ: уменьшите её');
  }
  if (!isOfType(data, contentType)) {
    throw new AppError('VALIDATION', 'Файл не похож на картинку выбранного типа (PNG, JPEG, WebP, GIF, SVG)');
  }
  if (contentType === 'image/svg+xml' && ACTIVE_SVG.test(data.toString('utf8'))) {
    throw new AppError('VALIDATION', 'SVG со скриптами или ссылками javascript: не принимается');
  }
  return cache.write(async (tx) => {
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
    const [before] = await infoOf(tx, name);
    if (!before) throw new AppError('NOT_FOUND', 'Картинка не найдена');
    await tx.delete(pictures).where(eq(pictures.name, name));
    await audit(tx, before);
    return { deleted: true as const };
  });
}
