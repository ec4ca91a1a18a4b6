// A PgBouncer of a test's own in transaction mode (decision 078): started on a free port in front of a
// PostgreSQL server, stopped by its process id. Debian's package (apt-get install pgbouncer; .ci/run installs it).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPgbouncer {
  /** `server`'s URL with the host and port swapped for the pooler's. */
  urlFor(server: string): string;
  port: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function listening(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Every database of `server` (host and port of its URL) behind PgBouncer, `pool_mode = transaction`, trusting
 * the user of the URL (a test server's auth is trust too). `maxPreparedStatements` > 0 turns PgBouncer 1.21's
 * tracking of named statements on (older versions refuse the setting).
 */
export async function startPgbouncer(
  server: string,
  options: { poolSize?: number; maxPreparedStatements?: number } = {},
): Promise<RunningPgbouncer> {
  const upstream = new URL(server);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kopilka-pgbouncer-'));
  chmodSync(dir, 0o755);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const ini = [
    '[databases]',
    `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    "unix_socket_dir = ''",
    'auth_type = trust',
    `auth_file = ${join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize ?? 4}`,
    'max_client_conn = 200',
    ...(options.maxPreparedStatements ? [`max_prepared_statements = ${options.maxPreparedStatements}`] : []),
  ].join('\n');
  writeFileSync(join(dir, 'pgbouncer.ini'), `${ini}\n`, { mode: 0o644 });
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  // PgBouncer refuses to run as root: as root it is told to become postgres.
  const asRoot = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child: ChildProcess = spawn('pgbouncer', [...asRoot, join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      listening(port, Date.now() + 10_000),
      exited.then(() => {
        throw new Error(`pgbouncer exited: ${said}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    urlFor: (url) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(port) }).toString(),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT'); // PgBouncer's "safe shutdown"
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
