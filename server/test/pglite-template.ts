// Vitest global setup for the embedded-database run: one migrated, seeded PGlite made once per run and
// written out as a data-directory archive; every test database is a new PGlite loaded from it. Vitest
// isolates each test file, so a template kept in a module would be migrated again for every file (seconds
// each); loading the archive takes a fraction of a second.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedTestTemplate } from './seed-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The archive of the migrated, seeded embedded database every test database starts from. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'kopilka-test-template-'));
  const client = new PGlite();
  const database = await openDatabase({ kind: 'pglite-instance', client });
  await seedTestTemplate(database.db);
  const archive = join(folder, 'template.tar');
  writeFileSync(archive, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', archive);
  return () => rmSync(folder, { recursive: true, force: true });
}
