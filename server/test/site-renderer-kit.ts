import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { createServer } from 'vite';
import type { SsrRender } from '#common/ssr';
import type { SiteBundle } from '../features/site/site-renderer';
import type { RouteNode } from './route-tree';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Hashed assets as the build leaves them, one pre-compressed. */
export const ASSETS = {
  'entry-T3st.js': 'console.log("entry")',
  'site-T3st.css': 'body{margin:0}',
  'logo-T3st.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

export interface SiteRendererKit {
  /** A bundle for buildApp: the real renderer (web/entry-server.tsx) and a folder of hashed assets. */
  siteBundle(): SiteBundle;
  /** The site's route table (web/app/routes.tsx). */
  createRoutes(deps: unknown): RouteNode[];
  close(): Promise<void>;
}

/**
 * The test app is built without the site bundle (API tests); a suite that needs the pages builds the app a
 * second time with this one, whose renderer is web/entry-server.tsx loaded through Vite, the way the built one
 * is loaded in production (the server never imports the web; it calls the renderer it is given).
 */
export async function loadSiteRenderer(): Promise<SiteRendererKit> {
  const vite = await createServer({
    root: ROOT,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const { render } = (await vite.ssrLoadModule('/web/entry-server.tsx')) as { render: SsrRender };
  const { createRoutes } = (await vite.ssrLoadModule('/web/app/routes.tsx')) as {
    createRoutes: (deps: unknown) => RouteNode[];
  };
  const assetsDir = mkdtempSync(join(tmpdir(), 'kopilka-headers-'));
  mkdirSync(join(assetsDir, 'assets'));
  for (const [name, body] of Object.entries(ASSETS)) writeFileSync(join(assetsDir, 'assets', name), body);
  writeFileSync(join(assetsDir, 'assets', 'entry-T3st.js.br'), brotliCompressSync(ASSETS['entry-T3st.js']));
  return {
    siteBundle: () => ({
      render,
      clientDir: assetsDir,
      routeChunks: {},
      assets: { entry: '/assets/entry-T3st.js', styles: ['/assets/site-T3st.css'], preload: [] },
    }),
    createRoutes,
    close: async () => {
      await vite.close();
      rmSync(assetsDir, { recursive: true, force: true });
    },
  };
}
