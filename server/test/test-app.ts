import type { FastifyInstance } from 'fastify';
import { systemClock, type AppDeps, type Clock } from '../app-deps';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createContentCache } from '../lib/content-cache';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** Share another test app's database (two instances of one deployment). */
  database?: Database;
}

/** The whole app on a fresh database (or a shared one), ready for `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.config);
  const cache = createContentCache(database.db, config.contentPollMs);
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    cache,
    clock: options.clock ?? systemClock,
    isLoggedIn: async () => false,
  };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    database,
    async close() {
      cache.stop();
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
