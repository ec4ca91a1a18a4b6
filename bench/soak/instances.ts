// The app as production runs it: `node dist/server/main.js`, one process per instance, logs to a file.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

export interface Instance {
  name: string;
  url: string;
  logFile: string;
  /** Why the process ended while the soak still needed it (a crash is a violation), else null. */
  exit(): string | null;
  stop(): Promise<void>;
}

export async function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  logDir: string;
}): Promise<Instance> {
  const url = `http://127.0.0.1:${options.port}`;
  const logFile = join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: url,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C at the terminal stops the soak, which then stops the instances itself
    // (after its checks), rather than the instances dying under the storm.
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let stopping = false;
  let exited: string | null = null;
  const ended = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      if (!stopping) exited = `${options.name} exited (code ${code}, signal ${signal}): see ${logFile}`;
      resolve();
    }),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(exited);
    if (Date.now() > deadline) throw new Error(`${options.name} not ready after 60 s: see ${logFile}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name: options.name,
    url,
    logFile,
    exit: () => exited,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
        await ended;
        clearTimeout(force);
      }
      log.end();
    },
  };
}
