import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { copyPrefix, databaseUrl, templateName, withAdmin } from './postgres-template';

let templateArchive: Blob | null = null;

/** The archive the run's global setup made (pglite-template.ts), read once per test file. */
function migratedArchive(): Blob {
  templateArchive ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return templateArchive;
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
  const client = new PGlite({ loadDataDir: migratedArchive() });
  return openDatabase({ kind: 'pglite-instance', client }, { migrate: false });
}
