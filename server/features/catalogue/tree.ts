import type { CategoryInput } from '#common/contract/catalogue';
import type { Db } from '#server/db/client';
import { catalogueCategories } from '#server/db/schema/catalogue';
import { AppError } from '#server/errors';

/** A category's parent by its id: the stored tree with the load's rows laid over it. */
export type Parents = Map<string, string | null>;

export async function readParents(db: Db): Promise<Parents> {
  const rows = await db
    .select({ id: catalogueCategories.id, parentId: catalogueCategories.parentId })
    .from(catalogueCategories);
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

/** The first cycle in the tree, as its ids from the first back to itself, or null. */
export function findCycle(parents: Parents): string[] | null {
  const settled = new Set<string>();
  for (const start of parents.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let id: string | null | undefined = start;
    while (id != null && !settled.has(id)) {
      if (onPath.has(id)) return [...path.slice(path.indexOf(id)), id];
      onPath.add(id);
      path.push(id);
      id = parents.get(id);
    }
    for (const seen of path) settled.add(seen);
  }
  return null;
}

/** Refuses (400) a change that would make a category its own ancestor, naming the cycle. */
export function refuseCycle(parents: Parents) {
  const cycle = findCycle(parents);
  if (cycle) throw new AppError('VALIDATION', `Категории образуют цикл: ${cycle.join(' → ')}`);
}

/** Checks the tree as it would be after the load's categories are written. */
export async function checkCategoryTree(db: Db, categories: Pick<CategoryInput, 'id' | 'parentId'>[]) {
  const parents = await readParents(db);
  for (const c of categories) parents.set(c.id, c.parentId);
  refuseCycle(parents);
}

/** Every id under the category (itself included): a search in a category finds what lies deeper too. */
export function subtreeOf(parents: Parents, root: string): string[] {
  const children = new Map<string, string[]>();
  for (const [id, parent] of parents) {
    if (parent == null) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(id);
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out;
}

/**
 * The categories in the console's order: each parent before its children, siblings by name; a category whose
 * parent is not loaded (yet) stands at the top. Each row with its depth.
 */
export function orderTree<C extends { id: string; parentId: string | null; name: string }>(rows: C[]) {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, C[]>();
  for (const row of rows) {
    const parent = row.parentId != null && ids.has(row.parentId) ? row.parentId : null;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(row);
  }
  const out: (C & { depth: number })[] = [];
  const walk = (parent: string | null, depth: number) => {
    const list = (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    for (const row of list) {
      out.push({ ...row, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
