import { asc } from 'drizzle-orm';
import { getPoint, getPoints, type Action } from '#common/contract/content';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { toPoint } from '#server/core/points';
import type { Db } from '#server/db/client';
import { actions, retailPoints } from '#server/db/schema/content';
import type { ContentCache } from '#server/lib/content-cache';
import { parseId, toCachedJson, type CachedJson } from '#server/lib/cached-json';

interface PointBodies {
  list: CachedJson;
  items: Map<number, CachedJson>;
}

function getPointBodies(db: Db, cache: ContentCache): Promise<PointBodies> {
  return cache.get('points', async () => {
    const [pointRows, actionRows, settings] = await Promise.all([
      db.select().from(retailPoints).orderBy(asc(retailPoints.sort), asc(retailPoints.id)),
      db.select().from(actions).orderBy(asc(actions.sort), asc(actions.id)),
      // The chain's base rate (decision 055): a settings change drops this copy too (one content revision).
      cachedBrandSettings(db, cache),
    ]);
    const points = pointRows.map((row) => toPoint(row, settings));
    const allActions: Action[] = actionRows.map(({ sort: _s, ...action }) => action);
    const items = new Map<number, CachedJson>();
    for (const point of points) {
      const valid = allActions.filter((a) => a.pointIds.includes(point.id));
      items.set(point.id, toCachedJson(getPoint.schemas.response, { point, actions: valid }));
    }
    return { list: toCachedJson(getPoints.schemas.response, { points, actions: allActions }), items };
  });
}

export async function getPointsJson(db: Db, cache: ContentCache): Promise<CachedJson> {
  return (await getPointBodies(db, cache)).list;
}

export async function getPointJson(db: Db, cache: ContentCache, rawId: string): Promise<CachedJson | null> {
  const id = parseId(rawId);
  if (id === null) return null;
  return (await getPointBodies(db, cache)).items.get(id) ?? null;
}
