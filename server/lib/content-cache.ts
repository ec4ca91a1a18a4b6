import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentRevision } from '../db/schema/brand';

/**
 * Rarely changing content (settings, pictures, news, FAQ, points) kept in memory, built once per change.
 * Writes in this process call `invalidate()`; writes elsewhere (another instance, the operator tool) bump
 * the content revision, which every instance polls.
 */
export interface ContentCache {
  get<T>(key: string, build: () => Promise<T>): Promise<T>;
  /** The value already built for `key`, without waiting (the hot path of every content read). */
  peek<T>(key: string): T | undefined;
  invalidate(): void;
  /**
   * Runs a content write in one transaction that also bumps the shared revision (so other instances drop
   * their copies), then drops this instance's copies.
   */
  write<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  start(): void;
  stop(): void;
}

export function createContentCache(db: Db, pollMs: number): ContentCache {
  let entries = new Map<string, Promise<unknown>>();
  // Values whose build has finished, for synchronous reads; cleared with the entries.
  let ready = new Map<string, unknown>();
  let knownRevision: number | null = null;
  let timer: NodeJS.Timeout | null = null;

  const invalidate = () => {
    entries = new Map();
    ready = new Map();
  };

  const poll = async () => {
    try {
      const [row] = await db.select({ revision: contentRevision.revision }).from(contentRevision);
      const revision = row?.revision ?? 0;
      if (knownRevision !== null && revision !== knownRevision) invalidate();
      knownRevision = revision;
    } catch {
      // The database is briefly away: keep serving what we have; the next poll catches up.
    }
  };

  return {
    get<T>(key: string, build: () => Promise<T>): Promise<T> {
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        const map = entries;
        const done = ready;
        entry = build();
        map.set(key, entry);
        entry.then(
          (value) => map.get(key) === entry && done.set(key, value),
          // A failed build is not kept: the next request tries again.
          () => map.get(key) === entry && map.delete(key),
        );
      }
      return entry;
    },
    peek<T>(key: string): T | undefined {
      return ready.get(key) as T | undefined;
    },
    invalidate,
    async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      const result = await db.transaction(async (tx) => {
        const value = await work(tx as unknown as Db);
        await tx
          .insert(contentRevision)
          .values({ id: 1, revision: 1 })
          .onConflictDoUpdate({
            target: contentRevision.id,
            set: { revision: sql`${contentRevision.revision} + 1` },
          });
        return value;
      });
      invalidate();
      return result;
    },
    start() {
      if (timer) return;
      void poll();
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** A strong ETag for a body that is built once and served many times. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
