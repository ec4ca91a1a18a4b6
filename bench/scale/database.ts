import pg from 'pg';

/** The PostgreSQL server the scale databases live on (`BENCH_DATABASE_URL`, else the local one). */
export const SCALE_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The scale database of a size: `kopilka_scale_100000`; kept between runs (the generator resumes it). */
export const scaleDatabaseName = (members: number) => `kopilka_scale_${members}`;

export const urlOf = (name: string, server = SCALE_SERVER) =>
  Object.assign(new URL(server), { pathname: `/${name}` }).toString();

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(name: string): Promise<boolean> {
  return withClient(SCALE_SERVER, async (c) => {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  });
}

/** The database's size on disk, as PostgreSQL counts it (tables, indexes, TOAST). */
export async function databaseBytes(url: string): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
    return Number(rows[0]!.bytes);
  });
}

export const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
