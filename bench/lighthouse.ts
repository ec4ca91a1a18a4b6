// npm run bench:lighthouse: the first-load bar of docs/design/quality.md. Lighthouse (mobile, simulated
// throttling) in Debian's Chromium on the built app's pages, beside a static copy of `/` served by a tiny HTTP
// server and measured in the same run and the same browser. Builds nothing: run `npm run build` first.
//
// The browser never leaves loopback: every host name resolves to nothing (--host-resolver-rules), and the map's
// tile host is also blocked inside Lighthouse. Lighthouse reaches the browser through chrome-launcher's debugging
// port; Playwright connects to the same port to log the demo customer in (tokens in localStorage), to clear the
// cache before a logged-in run and to warm the static copy up.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { isMain, type Report } from './lib';
import { figures, printLighthouseTable, tableRows, type Figures } from './lighthouse-figures';
import { inTab, logOut, prepareLoggedIn } from './lighthouse-login';
import { startApp } from './lighthouse-app';
import { startStaticCopy } from './static-copy';

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
/** A folder to keep every run's Lighthouse report (JSON) in, for a look at the details. */
const SAVE_DIR = process.env.LH_SAVE_DIR;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The only third party any page asks for (the map on /points); blocked, never fetched. */
const BLOCKED = ['*tile.openstreetmap.org*'];

interface Target {
  name: string;
  path: string;
  /** Lighthouse runs against the static copy of `/` instead of the app. */
  reference?: boolean;
  /** Logged in as the demo customer (tokens put into localStorage before navigation). */
  loggedIn?: boolean;
}

const ALL_TARGETS: Target[] = [
  { name: 'static copy of /', path: '/', reference: true },
  { name: '/', path: '/' },
  { name: '/news', path: '/news' },
  { name: '/points', path: '/points' },
  { name: '/login', path: '/login' },
  { name: '/profile (demo customer)', path: '/profile', loggedIn: true },
];

/**
 * LH_PAGES=/points,/profile measures only those pages (and no static copy unless `static` is listed): for
 * comparing one change before and after without the other pages' minutes. Unset: every page.
 */
const ONLY = process.env.LH_PAGES?.split(',').map((p) => p.trim());
const TARGETS = ONLY
  ? ALL_TARGETS.filter((t) => (t.reference ? ONLY.includes('static') : ONLY.includes(t.path)))
  : ALL_TARGETS;

/** Lighthouse now and then loses a trace (NO_NAVSTART, NO_FCP); such a run is run again, up to twice. */
async function measureWithRetries(port: number, url: string, loggedIn: boolean, before: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    await before();
    try {
      return await measure(port, url, loggedIn);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${url}: ${(error as Error).message}; running it again`);
    }
  }
}

async function measure(port: number, url: string, loggedIn: boolean): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    blockedUrlPatterns: BLOCKED,
    disableStorageReset: loggedIn,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** Whether the page asked the API for the logged-in customer (the cabinet does, once the tokens are found). */
function askedForTheCustomer(lhr: Result): boolean {
  const details = lhr.audits['network-requests']?.details as { items?: Array<{ url?: string }> } | undefined;
  return (details?.items ?? []).some((item) =>
    new URL(item.url ?? '', 'http://x').pathname.startsWith('/api/user/'),
  );
}

interface Measured {
  rows: Array<{ target: Target; figures: Figures }>;
  /** Every run's score, warnings and the audits that cost points: printed under the table. */
  notes: string[];
}

/** Headless Chromium for Lighthouse, reaching nothing but this machine. */
function launchChrome() {
  return chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-sync',
      '--disable-component-update',
      '--disable-background-networking',
      // Loopback only: every host but 127.0.0.1 (the map's tiles, anything else) fails to resolve.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
    handleSIGINT: false,
    logLevel: 'error',
  });
}

/** Every run's score, warnings and the audits that cost points: printed under the table. */
function notesOf(results: Map<Target, Result[]>, rows: Measured['rows']): string[] {
  const notes = [
    `Lighthouse: ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per page (LH_RUNS), mobile, simulated throttling`,
  ];
  for (const target of TARGETS) {
    const runs = results.get(target)!;
    const perf = runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
    const index = runs.map((lhr) => lhr.environment.benchmarkIndex.toFixed(0));
    notes.push(
      `${target.name}: performance per run ${perf.join(', ')}; Chromium benchmarkIndex ${index.join(', ')}`,
    );
  }
  for (const { target, figures: f } of rows) {
    const expected = `${target.path}`;
    if (new URL(f.finalUrl).pathname !== expected) {
      notes.push(`${target.name}: Lighthouse ended on ${f.finalUrl}, not ${expected}`);
    }
    for (const warning of f.warnings) notes.push(`${target.name}: ${warning}`);
    if (f.failed.length) notes.push(`${target.name} loses points on ${f.failed.join(', ')}`);
  }
  return notes;
}

/** Every target, LH_RUNS times in turn; the median run of each (Lighthouse's computeMedianRun). */
async function measureAll(): Promise<Measured> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client')) {
    throw new Error(
      'bench:lighthouse measures the built app and builds nothing: dist/ is missing, run `npm run build` first',
    );
  }
  process.stderr.write(
    `Lighthouse ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per page (LH_RUNS), mobile, simulated throttling\n`,
  );
  if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        console.warn('cleanup:', error);
      }
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void cleanUp().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const app = await startApp();
    cleanups.push(app.stop);
    const copy = await startStaticCopy(app.url);
    cleanups.push(() => new Promise((resolve) => copy.server.close(resolve)));

    const chrome = await launchChrome();
    cleanups.push(() => chrome.kill());
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    cleanups.push(() => browser.close());

    // Fill the static copy with everything `/` asks for, so the measured loads never reach the app.
    await inTab(browser, async (page) => {
      await page.goto(`${copy.url}/`, { waitUntil: 'networkidle' });
    });

    const results = new Map<Target, Result[]>(TARGETS.map((t) => [t, []]));
    for (let run = 0; run < RUNS; run++) {
      // Pages alternate within each run, so none of them gets the machine's quieter moments.
      for (const target of TARGETS) {
        const origin = target.reference ? copy.url : app.url;
        try {
          const lhr = await measureWithRetries(
            chrome.port,
            `${origin}${target.path}`,
            Boolean(target.loggedIn),
            async () => {
              if (target.loggedIn) await prepareLoggedIn(browser, app.url);
            },
          );
          results.get(target)!.push(lhr);
          if (target.loggedIn && !askedForTheCustomer(lhr)) {
            console.warn(`${target.name}: the page never asked for /api/user/*: was it measured logged out?`);
          }
          if (SAVE_DIR) {
            const file = `${target.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${run + 1}.json`;
            writeFileSync(join(SAVE_DIR, file), JSON.stringify(lhr));
          }
        } finally {
          if (target.loggedIn) await logOut(browser, app.url);
        }
        process.stderr.write(`  run ${run + 1}/${RUNS}: ${target.name} done\n`);
      }
    }

    const rows = TARGETS.map((target) => ({
      target,
      figures: figures(computeMedianRun(results.get(target)!)),
    }));
    const notes = notesOf(results, rows);
    return { rows, notes };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

/** The rows of `npm run bench`'s one table: each page beside the static copy; the other scores go to the notes. */
export async function lighthouseReport(): Promise<Report> {
  const { rows, notes } = await measureAll();
  const scores = rows.map(
    ({ target, figures: f }) =>
      `${target.name}: accessibility ${f.accessibility}, best practices ${f.bestPractices}, SEO ${f.seo}`,
  );
  return { rows: tableRows(rows), notes: [...scores, ...notes] };
}

if (isMain(import.meta.url)) {
  try {
    const { rows, notes } = await measureAll();
    console.log('');
    printLighthouseTable(rows);
    console.log('');
    for (const note of notes) console.log(note);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
