// Vitest global setup for the PostgreSQL run: one migrated, seeded template database; every test app
// copies it (CREATE DATABASE ... TEMPLATE), which takes a fraction of migrating anew.
import pg from 'pg';
import { openDatabase } from '../db/client';
import { seedDemoBrand } from '../db/seed/demo-brand';
import { seedDemoCustomer } from '../db/seed/demo-customer';

export const TEMPLATE_DB = 'kopilka_test_template';

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

export default async function setup() {
  await withAdmin(async (admin) => {
    // Copies left by an interrupted run go first; a template in use cannot be dropped.
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'kopilka_t_%' or datname = $1",
      [TEMPLATE_DB],
    );
    for (const { datname } of stale.rows)
      await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(TEMPLATE_DB), poolSize: 1 });
  await seedDemoBrand(database.db);
  await seedDemoCustomer(database.db);
  await database.close();
  return async () => {
    await withAdmin(async (admin) => {
      await admin.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
    });
  };
}
