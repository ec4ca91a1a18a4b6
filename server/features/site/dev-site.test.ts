import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { pageCsp } from '#server/lib/security-headers';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createDevSiteBundle } from './dev-site';

/**
 * `npm run dev` (server/dev.ts, dev-site.ts): the production server never reaches Vite, and the development
 * site serves its modules through Vite under the production CSP, never the server's sources. The hot update
 * in a browser is proven by `npm run dev:check` (scripts/dev-check.ts), which is too slow for `npm test`.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

it('the production server (server/main.ts as scripts/build.mjs bundles it) imports neither Vite nor dev-site', async () => {
  const result = await build({
    entryPoints: [`${ROOT}server/main.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outdir: '/tmp/kopilka-dev-site-test',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs).toContain('server/features/site/site-renderer.ts');
  expect(inputs.filter((path) => /dev-site|server\/dev\.ts|entry-client-dev/.test(path))).toEqual([]);
  const packages = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.map((i) => i.path),
  );
  expect(packages).toContain('fastify');
  expect(packages.filter((path) => /^(vite|@vitejs\/|@fastify\/middie)/.test(path))).toEqual([]);
});

describe('the development site', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let cacheDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    cacheDir = mkdtempSync(join(tmpdir(), 'kopilka-dev-site-'));
    const site = await createDevSiteBundle({ cacheDir, watch: false });
    app = await buildApp(t.deps, { logger: false, site });
    await app.ready();
    // Vite's first start pre-bundles the site's packages: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  it('renders pages from the sources with the dev entry, the stylesheets, and the production CSP', async () => {
    const page = await app.inject('/faq');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<script type="module" src="\/web\/entry-client-dev\.ts"[^>]*><\/script>/);
    expect(page.body).toContain('<link rel="stylesheet" href="/web/styles/global.css"/>');
    expect(page.headers['content-security-policy']).toBe(
      pageCsp({
        embedOrigins: t.deps.config.embedOrigins,
        imageOrigins: [t.deps.config.mapTileOrigin],
        scriptOrigins: [],
      }),
    );
    expect((await app.inject('/no-such-page')).statusCode).toBe(404);
    expect((await app.inject('/api/header')).headers['content-type']).toMatch(/^application\/json/);
  }, 90_000);

  it("serves Vite's client, the dev entry with React Refresh's preamble, and the site's modules", async () => {
    const client = await app.inject('/@vite/client');
    expect(client.statusCode).toBe(200);
    expect(client.headers['content-type']).toMatch(/javascript/);
    const entry = await app.inject('/web/entry-client-dev.ts');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toMatch(/import ".*plugin-react\/preamble"/);
    const style = await app.inject({ url: '/web/styles/global.css', headers: { accept: 'text/css' } });
    expect(style.headers['content-type']).toMatch(/^text\/css/);
  });

  it("never serves the server's sources", async () => {
    for (const url of [
      '/server/config.ts',
      '/web/../server/config.ts',
      '/web/%2e%2e/server/config.ts',
      `/@fs${ROOT}server/config.ts`,
      '/package.json',
    ]) {
      const response = await app.inject(url);
      expect(response.body, url).not.toContain('INSECURE-development-only');
      expect(response.body, url).not.toContain('"devDependencies"');
      expect(response.headers['content-type'], url).not.toMatch(/javascript/);
    }
  });
});
