import { asc } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { catalogueCategories } from '#server/db/schema/catalogue';
import { retailPoints } from '#server/db/schema/content';
import type { SegmentContext } from '#server/core/segments/segment-query';

/** The most categories the picker offers: a chain's tree is a few hundred; the rest by their code. */
const MAX_CATEGORIES = 2000;

/** What the conditions may name: the brand's levels (titles), its retail points and catalogue categories. */
export async function segmentOptions(db: Db, ctx: SegmentContext) {
  const points = await db
    .select({ id: retailPoints.id, title: retailPoints.title })
    .from(retailPoints)
    .orderBy(asc(retailPoints.sort), asc(retailPoints.id));
  const categories = await db
    .select({ id: catalogueCategories.id, name: catalogueCategories.name })
    .from(catalogueCategories)
    .orderBy(asc(catalogueCategories.name))
    .limit(MAX_CATEGORIES);
  return { levels: ctx.levels.map((l) => l.title), points, categories };
}
