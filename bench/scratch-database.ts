import pg from 'pg';

/**
 * A throw-away database on the PostgreSQL server a bench runs against (`BENCH_DATABASE_URL`, else the local
 * one), named for the bench and the process: created before the run, dropped after it whatever happened.
 */
export function scratchDatabase(bench: string) {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kopilka_bench_${bench}_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    url: Object.assign(new URL(server), { pathname: `/${name}` }).toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
