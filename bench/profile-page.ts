// npx tsx bench/profile-page.ts /points /profile: what a page's main thread does while it loads, from a
// JavaScript CPU profile in Debian's Chromium at Lighthouse's mobile CPU slowdown (4x). Prints, per page, the
// functions with the most inclusive time in the app's own bundles (minified: each with a snippet of its source)
// and the self time per script. The built app on a fresh embedded database, as bench/lighthouse.ts starts it.
// A diagnosis for decision 035, not a bar: `npm run build` first.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startApp } from './lighthouse-app';
import { DEMO_OTP, DEMO_PHONE } from './lighthouse-login';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const paths = process.argv.slice(2);
const app = await startApp();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  for (const path of paths.length ? paths : ['/points', '/profile']) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    if (path === '/profile') {
      const post = (p: string, body: unknown) =>
        fetch(`${app.url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await post('/api/auth/phone', { phone: DEMO_PHONE });
      const pair = (await (await post('/api/auth/token', { phone: DEMO_PHONE, token: DEMO_OTP })).json()) as {
        token: string;
        refresh: string;
      };
      await context.addInitScript((t) => {
        localStorage.setItem('accessToken', t.token);
        localStorage.setItem('refreshToken', t.refresh);
      }, pair);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    report(path, profile);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}

function report(path: string, profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const key = (n: Node) => {
    const { url, lineNumber, columnNumber, functionName } = n.callFrame;
    return `${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber}:${columnNumber} ${functionName || '(anonymous)'}`;
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    const script = node.callFrame.url.replace(/^https?:\/\/[^/]+/, '') || `(${node.callFrame.functionName})`;
    self.set(script, (self.get(script) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!);
      if (seen.has(k) || !k.startsWith('/assets/')) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  });
  console.log(`\n== ${path}: self time per script (ms, at 4x slowdown)`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
  console.log(`-- functions in the app's bundles by inclusive time`);
  for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    const [where] = k.split(' ');
    const [file, line, column] = where!.split(':');
    let snippet: string;
    try {
      const text = readFileSync(`dist/client${file}`, 'utf8').split('\n')[Number(line)] ?? '';
      snippet = text.slice(Number(column), Number(column) + 90).replace(/\s+/g, ' ');
    } catch {
      snippet = '';
    }
    console.log(`  ${v.toFixed(0).padStart(6)}  ${k}  | ${snippet}`);
  }
}
