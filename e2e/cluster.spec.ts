import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E } from './support/e2e-env';

/**
 * The built server on every core (WEB_CONCURRENCY, decision 029) against the machine's PostgreSQL: a primary
 * prepares the database and forks its workers, which share one port; a worker that dies is replaced; SIGTERM
 * stops them all. A person sees one site whichever worker answers.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = E2E.readOnlyPort + 40;
const DATABASE = `kopilka_e2e_cluster_${process.pid}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A GET on a connection of its own (no keep-alive agent), so the cluster may give it to another worker. */
function statusOnNewConnection(address: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(address, { agent: false, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

/** The process ids of a process's children, from /proc (the workers of the primary). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

test.describe('the server on every core', () => {
  let primary: ChildProcess;
  const url = `http://localhost:${PORT}`;

  test.beforeAll(async () => {
    await admin(`drop database if exists ${DATABASE} with (force)`);
    await admin(`create database ${DATABASE}`);
    const database = new URL(ADMIN_URL);
    database.pathname = `/${DATABASE}`;
    primary = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATABASE_URL: database.href,
        WEB_CONCURRENCY: '2',
        SMS_TEST_OTP: `${E2E.demoPhone}:${E2E.demoOtp}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status, { timeout: 60_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    await admin(`drop database if exists ${DATABASE} with (force)`);
  });

  test('serves the site from two workers, replaces one that dies, and stops them all on SIGTERM', async ({
    page,
  }) => {
    await expect.poll(() => childrenOf(primary.pid!).length, { timeout: 30_000 }).toBe(2);

    // Each request on a new connection: the primary hands connections to the workers in turn (round-robin,
    // Node's default on Linux), so a login made on one is used on both and every answer is the same.
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const sent = await fetch(`${url}/api/auth/phone`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: E2E.demoPhone }),
    });
    expect(sent.status).toBe(200);
    const login = await fetch(`${url}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: E2E.demoPhone, token: E2E.demoOtp }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i < 6; i++) {
      expect(await statusOnNewConnection(`${url}/api/user/info`, { authorization: `Bearer ${token}` })).toBe(
        200,
      );
    }

    const [victim] = childrenOf(primary.pid!);
    process.kill(victim!, 'SIGKILL');
    await expect
      .poll(() => childrenOf(primary.pid!).filter((pid) => pid !== victim).length, { timeout: 30_000 })
      .toBe(2);
    await expect.poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status).toBe(200);

    const workers = childrenOf(primary.pid!);
    const exited = new Promise<number | null>((done) => primary.once('exit', (code) => done(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
