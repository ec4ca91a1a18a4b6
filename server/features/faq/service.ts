import { asc } from 'drizzle-orm';
import { getFaq } from '#common/contract/content';
import type { Db } from '#server/db/client';
import { faq } from '#server/db/schema/content';
import type { ContentCache } from '#server/lib/content-cache';
import { toCachedJson, type CachedJson } from '#server/lib/cached-json';

export function getFaqJson(db: Db, cache: ContentCache): Promise<CachedJson> {
  return cache.get('faq', async () => {
    const rows = await db.select().from(faq).orderBy(asc(faq.sort), asc(faq.id));
    const questions = rows.map(({ id, question, answer }) => ({ id, question, answer }));
    return toCachedJson(getFaq.schemas.response, { questions });
  });
}
