import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pictures } from '../db/schema/brand';
import { etagOf, type ContentCache } from '../lib/content-cache';

export interface Picture {
  contentType: string;
  data: Buffer;
  etag: string;
}

/** A brand picture from memory; a miss is not remembered, so unknown names cannot grow the cache. */
export async function findPicture(db: Db, cache: ContentCache, name: string): Promise<Picture | null> {
  const picture = await cache
    .get(`picture:${name}`, async () => {
      const [row] = await db.select().from(pictures).where(eq(pictures.name, name)).limit(1);
      if (!row) throw new PictureMissing();
      return { contentType: row.contentType, data: row.data, etag: etagOf(row.data) };
    })
    .catch((error: unknown) => {
      if (error instanceof PictureMissing) return null;
      throw error;
    });
  return picture;
}

class PictureMissing extends Error {}

/** Stores or replaces a picture and tells every instance to drop its copies. */
export async function savePicture(
  db: Db,
  cache: ContentCache,
  name: string,
  contentType: string,
  data: Buffer,
) {
  await cache.write((tx) =>
    tx
      .insert(pictures)
      .values({ name, contentType, data })
      .onConflictDoUpdate({ target: pictures.name, set: { contentType, data, updatedAt: new Date() } }),
  );
}
