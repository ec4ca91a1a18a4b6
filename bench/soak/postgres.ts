// The soak's own PostgreSQL: Debian's binaries on a temporary data directory and a port of its own, so
// restarting it disturbs no other database on the machine. As root, every command runs as `postgres`.
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Runs a command in its own process group, so a Ctrl-C at the terminal reaches the soak only (which then stops
 * PostgreSQL itself) and never kills a pg_ctl half-way.
 */
function exec(cmd: string, args: string[]): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ stdout: out })
        : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code}\n${out}`)),
    );
  });
}
const BIN = process.env.SOAK_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface SoakPostgres {
  url: string;
  /** A superuser connection for the soak's own checks and faults (not the app's). */
  admin(): Promise<pg.Client>;
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Ends every connection of the app's database but the caller's; answers how many. */
  terminateAppBackends(): Promise<number>;
  stop(): Promise<void>;
}

type Run = (cmd: string, args: string[]) => Promise<{ stdout: string }>;

/** Runs PostgreSQL's commands as `postgres` when the soak runs as root (initdb and postgres refuse root). */
async function asPostgres(): Promise<{ run: Run; uid?: number }> {
  if (userInfo().uid !== 0) return { run: exec };
  const { stdout } = await exec('id', ['-u', 'postgres']).catch(() => {
    throw new Error('no postgres user: apt-get install postgresql-15');
  });
  return {
    run: (cmd, args) => exec('runuser', ['-u', 'postgres', '--', cmd, ...args]),
    uid: Number.parseInt(stdout.trim(), 10),
  };
}

export async function startPostgres(port: number, log: (line: string) => void): Promise<SoakPostgres> {
  if (!existsSync(join(BIN, 'initdb'))) {
    throw new Error(`no PostgreSQL binaries in ${BIN}: apt-get install postgresql-15, or set SOAK_PG_BIN`);
  }
  const { run, uid } = await asPostgres();
  const dir = mkdtempSync('/tmp/kopilka-soak-pg-');
  if (uid !== undefined) chownSync(dir, uid, uid);
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const ctl = (args: string[]) => run(join(BIN, 'pg_ctl'), ['-D', data, ...args]);
  await run(join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const start = () => ctl(['-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  await start();
  log(`PostgreSQL ${port} in ${data}`);
  const root = `postgres://postgres@127.0.0.1:${port}`;
  const admin = async (database = 'postgres') => {
    const client = new pg.Client({ connectionString: `${root}/${database}` });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  const setup = await admin();
  await setup.query('create database kopilka');
  await setup.end();

  let stopped = false;
  return {
    url: `${root}/kopilka`,
    admin: () => admin('kopilka'),
    async restart(mode) {
      await ctl(['-m', mode, '-w', '-t', '60', 'stop']);
      await start();
    },
    async terminateAppBackends() {
      const client = await admin('postgres');
      try {
        const result = await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = 'kopilka' and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        return result.rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await ctl(['-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already down (a failed start): the directory goes anyway.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
