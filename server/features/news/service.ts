import { desc } from 'drizzle-orm';
import { getNews, getNewsItem } from '#common/contract/content';
import type { Db } from '#server/db/client';
import { news } from '#server/db/schema/content';
import type { ContentCache } from '#server/lib/content-cache';
import { parseId, pictureUrl, toCachedJson, type CachedJson } from '#server/lib/cached-json';

interface NewsBodies {
  list: CachedJson;
  items: Map<number, CachedJson>;
}

/** The list and every item, serialised together once per change: news are few and read on every visit. */
function getNewsBodies(db: Db, cache: ContentCache): Promise<NewsBodies> {
  return cache.get('news', async () => {
    const rows = await db.select().from(news).orderBy(desc(news.date), desc(news.id));
    const items = new Map<number, CachedJson>();
    const list = rows.map((row) => {
      const item = {
        id: row.id,
        title: row.title,
        date: row.date.toISOString(),
        preview: row.preview,
        images: row.images.map(pictureUrl),
        pointIds: row.pointIds,
      };
      items.set(row.id, toCachedJson(getNewsItem.schemas.response, { ...item, text: row.text }));
      return item;
    });
    return { list: toCachedJson(getNews.schemas.response, { news: list }), items };
  });
}

export async function getNewsListJson(db: Db, cache: ContentCache): Promise<CachedJson> {
  return (await getNewsBodies(db, cache)).list;
}

/** One item, or null for an unknown or malformed id (a miss is not cached, so junk ids cannot grow memory). */
export async function getNewsItemJson(
  db: Db,
  cache: ContentCache,
  rawId: string,
): Promise<CachedJson | null> {
  const id = parseId(rawId);
  if (id === null) return null;
  return (await getNewsBodies(db, cache)).items.get(id) ?? null;
}
