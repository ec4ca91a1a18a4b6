// `npm run dev:check`: proves `npm run dev` (README, "Working on it") on this machine. It starts `npm run dev` on
// a free port with a throw-away database, opens a page in Chromium (/usr/bin/chromium or CHROME_PATH), edits a
// component (web/app/pages/not-found-page.tsx, put back afterwards) and expects the new text in the open page
// without a reload (React Refresh) and in the server's next rendering (Vite's ssrLoadModule); the page keeps
// the production CSP with no violation. Then it touches a server file and expects the server to restart on
// the same database. About a minute; not part of `npm test` (it edits a source file and watches the tree).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const COMPONENT = 'web/app/pages/not-found-page.tsx';
const SERVER_FILE = 'server/config.ts';
const TIMEOUT_MS = 90_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = TIMEOUT_MS) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const step = (line: string) => console.log(`dev:check ${line}`);
const started = Date.now();
const port = await freePort();
const url = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'kopilka-dev-check-'));
const original = readFileSync(COMPONENT, 'utf8');
const marker = `Проверка горячей замены ${Date.now()}`;
const edited = original.replace(/(<h1\b[^>]*>)/, `$1${marker} `);
if (edited === original) throw new Error(`${COMPONENT} has no <h1> to edit`);

// Its own process group, so the whole tree (npm, tsx watch, the server) stops with it.
const dev = spawn('npm', ['run', 'dev'], {
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
});
let output = '';
dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
const readyCount = () => output.split('Kopilka is ready').length - 1;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.openstreetmap.org ~NOTFOUND'],
});
let failed = false;
try {
  step(`npm run dev on ${url}, database in ${dataDir}`);
  await until('the server to be ready', async () => (await fetch(`${url}/readyz`)).ok);
  step(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const page = await browser.newPage();
  const problems: string[] = [];
  const pageUrl = `${url}/dev-check-no-such-page`;
  page.on('console', (m) => {
    // The page is the 404 page: Chromium reports the document's own status, which is expected.
    if (m.location().url === pageUrl && /status of 404/.test(m.text())) return;
    if (m.type() === 'error' || /Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto(pageUrl);
  // The production CSP: scripts from 'self' only (no inline, no eval), calls (the HMR WebSocket) to 'self'.
  const csp = response?.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources.join(' ')] as const;
    }),
  );
  const scripts = directives.get('script-src') ?? '';
  if (
    !scripts.startsWith("'self'") ||
    /unsafe|\*|data:|blob:/.test(scripts) ||
    directives.get('connect-src') !== "'self'"
  ) {
    throw new Error(`the page's CSP is not the production one: ${csp}`);
  }
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: TIMEOUT_MS });
  const heading = page.locator('h1');
  step(`page hydrated: "${await heading.innerText()}"`);
  await page.evaluate(() => Object.assign(window, { devCheckSamePage: true }));

  writeFileSync(COMPONENT, edited);
  const editedAt = Date.now();
  await heading.filter({ hasText: marker }).waitFor({ timeout: TIMEOUT_MS });
  const samePage = await page.evaluate(() => (window as { devCheckSamePage?: boolean }).devCheckSamePage);
  if (!samePage) throw new Error('the page was reloaded instead of hot-updated');
  step(`hot update in the open page without a reload: ${Date.now() - editedAt} ms`);
  const rendered = await until('the server to render the edit', async () =>
    (await (await fetch(pageUrl)).text()).includes(marker),
  );
  step(`the server renders the edited component: ${rendered}`);

  writeFileSync(COMPONENT, original);
  await until('the edit to be undone in the page', async () => !(await heading.innerText()).includes(marker));
  step('edit undone, the page followed');
  if (problems.length) throw new Error(`console errors or CSP violations:\n${problems.join('\n')}`);
  step('no console error, no CSP violation');

  // A login code asked for before the restart is in the database: asking again within a minute is refused.
  const askCode = () =>
    fetch(`${url}/api/auth/phone`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '79990007788' }),
    });
  if ((await askCode()).status !== 200) throw new Error('could not ask for a login code');
  const now = new Date();
  utimesSync(SERVER_FILE, now, now);
  await until('the server to restart', async () => readyCount() >= 2);
  await until('the restarted server to answer', async () => (await fetch(`${url}/readyz`)).ok);
  const again = await askCode();
  if (again.status !== 429) throw new Error(`after the restart the code was forgotten (${again.status})`);
  step(`a server file changed: the server restarted and kept its database (the code's 60 s gap: 429)`);
  step(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  failed = true;
  console.error(`dev:check FAILED: ${error instanceof Error ? error.message : String(error)}`);
  console.error(output.split('\n').slice(-40).join('\n'));
} finally {
  if (readFileSync(COMPONENT, 'utf8') !== original) writeFileSync(COMPONENT, original);
  await browser.close();
  if (dev.exitCode === null && dev.pid) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
