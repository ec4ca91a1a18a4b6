// The built app as the Lighthouse bench and the page profiler measure it: `dist/server/main.js` on a free port
// and a fresh embedded database, the demo customer's login code fixed, stopped and cleaned up afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './built-server';
import { DEMO_OTP, DEMO_PHONE } from './lighthouse-login';

/** The built server, as playwright.config.ts starts it, on a fresh embedded database. */
export async function startApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kopilka-lighthouse-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMS_TEST_OTP: `${DEMO_PHONE}:${DEMO_OTP}`,
      LOG_LEVEL: 'warn',
      // A throw-away secret for this run, so the server has nothing to warn about.
      AUTH_SECRET: randomBytes(32).toString('hex'),
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exited) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
      if (Date.now() > deadline) throw new Error('the server was not ready within 60 s');
      const ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
