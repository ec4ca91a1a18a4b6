// Vitest global setup for the PostgreSQL run: one migrated, seeded template database; every test app
// copies it (CREATE DATABASE ... TEMPLATE), which takes a fraction of migrating anew. Every name carries the
// process id of the run that made it, so two runs on one server (two work trees, a bench beside the tests)
// leave each other's databases alone and a run only clears what dead runs left behind.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedTestTemplate } from './seed-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The process id of the Vitest run that owns the template (names its databases). */
    pgTestRun: string;
  }
}

const TEMPLATE_PREFIX = 'kopilka_test_template';
const COPY_PREFIX = 'kopilka_t_';

export const templateName = (run: string) => `${TEMPLATE_PREFIX}_${run}`;
export const copyPrefix = (run: string) => `${COPY_PREFIX}${run}_`;

/** The run a test database belongs to, or null for names of an older format. */
function runOf(datname: string): number | null {
  const match = /^(?:kopilka_test_template_|kopilka_t_)(\d+)(?:_|$)/.exec(datname);
  return match ? Number(match[1]) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.href;
}

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const run = String(process.pid);
  const template = templateName(run);
  project.provide('pgTestRun', run);
  await withAdmin(async (admin) => {
    // What interrupted runs left goes first (copies before templates: a template in use cannot be dropped);
    // a run still going on keeps its own.
    const found = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${COPY_PREFIX}%' or datname like '${TEMPLATE_PREFIX}%'
       order by datname like '${TEMPLATE_PREFIX}%'`,
    );
    for (const { datname } of found.rows) {
      const owner = runOf(datname);
      if (owner !== null && isAlive(owner)) continue;
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.query(`create database "${template}"`);
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(template), poolSize: 1 });
  await seedTestTemplate(database.db);
  await database.close();
  return async () => {
    await withAdmin(async (admin) => {
      await admin.query(`drop database if exists "${template}" with (force)`);
    });
  };
}
