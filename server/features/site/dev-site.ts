import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { createServer, type ViteDevServer } from 'vite';
import type { SsrRender } from '#common/ssr';
import type { SiteBundle } from './site-renderer';

/**
 * `npm run dev` only (server/dev.ts): the site served from its sources by Vite in middleware mode, beside
 * loadSiteBundle (site-renderer.ts), which serves what `npm run build` made. Production never imports this
 * file (nor vite): scripts/build.mjs bundles server/main.ts, which does not import it.
 *
 * Each page is rendered by web/entry-server.tsx as Vite loads it now (ssrLoadModule: a changed component is
 * rendered anew on the next request); the browser loads web/entry-client-dev.ts, React Refresh's preamble
 * then the usual entry, and Vite's client keeps a WebSocket on the app's own port for hot updates. None of it
 * is inline, so the pages keep the production CSP: 'self' covers the modules and the same-origin WebSocket.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENT_ENTRY = '/web/entry-client.tsx';
const DEV_CLIENT_ENTRY = '/web/entry-client-dev.ts';
const SERVER_ENTRY = '/web/entry-server.tsx';

/**
 * What Vite answers: its client and React Refresh's runtime, the site's modules and what they import (web,
 * common, packages), and the client's ping. Everything else, /api and pages among it, is the app's; the
 * server's sources are never served.
 */
const VITE_PATHS = /^\/(@vite\/|@react-refresh|@id\/|web\/|common\/|node_modules\/)/;
const isViteRequest = (request: IncomingMessage) =>
  VITE_PATHS.test(new URL(request.url ?? '/', 'http://localhost').pathname) ||
  request.headers.accept === 'text/x-vite-ping';

/** Stylesheets the client entry imports, linked in the first HTML as the build links its one stylesheet. */
async function entryStyles(vite: ViteDevServer): Promise<string[]> {
  const client = vite.environments.client!;
  await client.transformRequest(CLIENT_ENTRY);
  const entry = await client.moduleGraph.getModuleByUrl(CLIENT_ENTRY);
  return [...(entry?.importedModules ?? [])]
    .filter((module) => module.file?.endsWith('.css'))
    .map((module) => module.url);
}

export interface DevSiteOptions {
  /** Vite's cache of pre-bundled packages; its own, so it never races the tests' Vite (node_modules/.vite). */
  cacheDir?: string;
  /** Follow changes of the sources (tests that only load pages turn it off). */
  watch?: boolean;
}

/** The development site: Vite's modules, hot updates and a renderer that follows the sources. */
export async function createDevSiteBundle(options: DevSiteOptions = {}): Promise<SiteBundle> {
  let vite: ViteDevServer | undefined;
  const viteOf = () => {
    if (!vite) throw new Error('The development site renders only once plugged into the app');
    return vite;
  };
  const render: SsrRender = async (request) => {
    try {
      const module = (await viteOf().ssrLoadModule(SERVER_ENTRY)) as { render: SsrRender };
      const styles = await entryStyles(viteOf()).catch(() => []);
      return await module.render({ ...request, assets: { ...request.assets, styles } });
    } catch (error) {
      // The stack then names the lines of the sources, not of Vite's transformed modules.
      if (error instanceof Error) viteOf().ssrFixStacktrace(error);
      throw error;
    }
  };
  return {
    render,
    // No built client: Vite serves the modules (plugInto), so /assets is not registered.
    clientDir: ROOT,
    routeChunks: {},
    assets: { entry: DEV_CLIENT_ENTRY, styles: [], preload: [] },
    async plugInto(app: FastifyInstance) {
      vite = await createServer({
        root: ROOT,
        configFile: `${ROOT}vite.config.ts`,
        appType: 'custom',
        cacheDir: options.cacheDir ?? `${ROOT}node_modules/.vite-dev`,
        server: {
          middlewareMode: true,
          // Hot updates over the app's own port: the page's `connect-src 'self'` allows it.
          ws: { server: app.server },
          // The embedded database writes all the time; the server's sources restart the process instead.
          watch:
            options.watch === false
              ? null
              : { ignored: ['**/.data/**', '**/dist/**', '**/server/**', '**/bench/**', '**/e2e/**'] },
        },
      });
      const middlewares = vite.middlewares;
      await app.register(middie);
      app.use((request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) =>
        isViteRequest(request) ? middlewares(request, response, next) : next(),
      );
      app.addHook('onClose', async () => {
        await vite?.close();
      });
    },
  };
}
