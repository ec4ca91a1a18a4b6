import { createServer, type Server, type Socket, connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client';

/**
 * Reads routed to a replica (decision 074), against the local PostgreSQL server standing in for both: the
 * replica's pool names itself (`application_name`), so each answer says which pool gave it. A TCP proxy in front
 * of the "replica" lets a test cut it mid-run.
 */
const url = process.env.TEST_DATABASE_URL;

const withName = (base: string, name: string) => {
  const target = new URL(base);
  target.searchParams.set('application_name', name);
  return target.toString();
};

/** A proxy to the server that can be cut: every connection through it dies, and new ones are refused. */
async function cuttableProxy(base: string): Promise<{ url: string; cut(): Promise<void> }> {
  const upstream = new URL(base);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const server = connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(server);
    client.pipe(server).pipe(client);
    const drop = () => (client.destroy(), server.destroy());
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(base);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as { port: number }).port);
  return {
    url: proxied.toString(),
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!url)('reads routed to a replica (decision 074)', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  const open = async (replicaUrl: string, maxLagMs = 5000) => {
    database = await openDatabase(
      {
        kind: 'postgres',
        url: withName(url!, 'kopilka-primary'),
        replica: { url: withName(replicaUrl, 'kopilka-replica'), maxLagMs, probeMs: 50 },
      },
      { migrate: false },
    );
    return database;
  };
  const answeredBy = async (db: Database['readDb']) => {
    const result = await db.execute(sql`select current_setting('application_name') as name`);
    return (result as unknown as { rows: Array<{ name: string }> }).rows[0]!.name;
  };

  it('reads go to the replica once its probe finds it caught up; writes and transactions stay on the primary', async () => {
    const { readDb, db, readTarget } = await open(url!);
    await vi.waitFor(() => expect(readTarget()).toBe('replica'));
    expect(await answeredBy(readDb)).toBe('kopilka-replica');
    expect(await answeredBy(db)).toBe('kopilka-primary');
  });

  it('a replica that cannot be reached: the reads are the primary’s', async () => {
    const { readDb, readTarget } = await open('postgres://postgres@127.0.0.1:1/postgres');
    expect(await answeredBy(readDb)).toBe('kopilka-primary');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(readTarget()).toBe('primary');
  });

  it('a replica lagging past the limit is not read from', async () => {
    // A lag of 0 ms is still more than a limit below zero: the probe's verdict, not the replica's answer, decides.
    const { readDb, readTarget } = await open(url!, -1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(readTarget()).toBe('primary');
    expect(await answeredBy(readDb)).toBe('kopilka-primary');
  });

  it('the replica stopped mid-run: the read in flight is asked of the primary, and the next ones go there', async () => {
    const proxy = await cuttableProxy(url!);
    const { readDb, readTarget } = await open(proxy.url);
    await vi.waitFor(() => expect(readTarget()).toBe('replica'));
    expect(await answeredBy(readDb)).toBe('kopilka-replica');
    await proxy.cut();
    expect(await answeredBy(readDb)).toBe('kopilka-primary');
    expect(readTarget()).toBe('primary');
    expect(await answeredBy(readDb)).toBe('kopilka-primary');
  });
});
