import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { seedDemoBrand } from '../db/seed/demo-brand';
import { seedDemoCustomer } from '../db/seed/demo-customer';
import { copyPrefix, databaseUrl, templateName, withAdmin } from './postgres-template';

let pgliteTemplate: Promise<PGlite> | null = null;

/** One migrated, seeded PGlite per test worker; each test database is a clone (migrating anew costs seconds). */
function migratedPglite(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = new PGlite();
    const database = await openDatabase({ kind: 'pglite-instance', client });
    await seedDemoBrand(database.db);
    await seedDemoCustomer(database.db);
    return client;
  })();
  return pgliteTemplate;
}

/**
 * A fresh database with the migrations and the demo brand: PGlite in memory, or, in the PostgreSQL run
 * (TEST_DB=postgres), a copy of the template database on the server of TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const run = inject('pgTestRun');
    const name = `${copyPrefix(run)}${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.query(`create database "${name}" template "${templateName(run)}"`));
    const database = await openDatabase(
      { kind: 'postgres', url: databaseUrl(name), poolSize: 20 },
      { migrate: false },
    );
    return {
      ...database,
      close: async () => {
        await database.close();
        await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
      },
    };
  }
  // clone() is typed as the interface; it returns a full PGlite.
  const client = (await (await migratedPglite()).clone()) as PGlite;
  return openDatabase({ kind: 'pglite-instance', client }, { migrate: false });
}
