import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/**
 * The active endpoints' ids by event type, per database (decision 073), so the money path asks the database
 * nothing when no endpoint listens. An endpoint changed through this process drops the entry at once; one
 * changed on another instance is seen within `TTL_MS`. Loaded through the caller's transaction handle (a root
 * query inside an open transaction is refused: decision 065).
 */
const TTL_MS = 5_000;

interface Entry {
  loadedAt: number;
  byType: Map<string, string[]>;
}

const entries = new WeakMap<Db, Entry>();

/** PGlite answers `{rows}`, node-postgres a result with `rows` too; drizzle types them differently. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The ids of the active endpoints subscribed to `type`, read through `tx`, cached under `root`. */
export async function endpointsFor(root: Db, tx: Db, type: string): Promise<readonly string[]> {
  const cached = entries.get(root);
  if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached.byType.get(type) ?? [];
  const rows = rowsOf<{ id: string; event_types: string[] }>(
    await tx.execute(sql`select id, event_types from webhook_endpoints where active`),
  );
  const byType = new Map<string, string[]>();
  for (const row of rows) {
    for (const t of row.event_types) byType.set(t, [...(byType.get(t) ?? []), row.id]);
  }
  entries.set(root, { loadedAt: Date.now(), byType });
  return byType.get(type) ?? [];
}

/** Drops the cached endpoints of `root`: called after an endpoint's change commits. */
export function forgetEndpoints(root: Db): void {
  entries.delete(root);
}
