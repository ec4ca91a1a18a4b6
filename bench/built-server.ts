// Starting a server process for a benchmark, the way an operator does: `node <script>` with its settings in the
// environment, on a free loopback port, and waiting for its first 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface StartedServer {
  url: string;
  /** The process started (with WEB_CONCURRENCY above 1, the primary: its workers are its children). */
  pid: number;
  /** Milliseconds from the spawn to the first 200 on `readyPath`. */
  startMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  script: string;
  env: Record<string, string>;
  /** The path whose first 200 means ready. */
  readyPath?: string;
  timeoutMs?: number;
}

/**
 * The server's environment: this process's own minus DATABASE_URL and DATA_DIR (a bench never reaches a database
 * it did not name), a throw-away AUTH_SECRET so nothing warns, then `env`.
 */
function environment(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return {
    ...base,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...env,
  };
}

/** Starts `node script` and polls `readyPath` every 10 ms until it answers 200 (or the process dies). */
export async function startServer({
  script,
  env,
  readyPath = '/',
  timeoutMs = 60_000,
}: StartOptions): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: environment(port, env),
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    const gone = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  };
  try {
    for (;;) {
      if (exited) throw new Error(`${script} exited with ${child.exitCode} before its first 200`);
      if (performance.now() - started > timeoutMs)
        throw new Error(`${script}: no 200 within ${timeoutMs} ms`);
      const status = await fetch(`${url}${readyPath}`).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      if (status === 200) return { url, pid: child.pid!, startMs: performance.now() - started, stop };
      await new Promise((r) => setTimeout(r, 10));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
