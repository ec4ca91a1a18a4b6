import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { SsrAssets, SsrRender } from '#common/ssr';

export interface SiteBundle {
  render: SsrRender;
  assets: SsrAssets;
  routeChunks: Record<string, string[]>;
  /** The folder of the built client (hashed assets under /assets). */
  clientDir: string;
  /**
   * `npm run dev` only (dev-site.ts): plugs Vite's middleware (the site's modules, hot updates) into the app,
   * in place of the built assets. The built bundle has none.
   */
  plugInto?(app: FastifyInstance): Promise<void>;
}

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** Each lazily loaded module's chunk with the chunks it imports, less what the entry already brings. */
function routeChunksOf(manifest: Record<string, ManifestChunk>, entryKey: string): Record<string, string[]> {
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const child of chunk.imports ?? []) closure(child, seen);
    return seen;
  };
  const inEntry = closure(entryKey);
  const chunks: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.name) continue;
    const keys = [...closure(key)].filter((k) => !inEntry.has(k));
    chunks[chunk.name] = keys.map((k) => `/${manifest[k]!.file}`);
  }
  return chunks;
}

/** Loads what `npm run build` produced: the client manifest and the server renderer. */
export async function loadSiteBundle(distDir: string): Promise<SiteBundle> {
  const clientDir = join(distDir, 'client');
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  const rendererPath = join(distDir, 'ssr', 'entry-server.js');
  if (!existsSync(manifestPath) || !existsSync(rendererPath)) {
    throw new Error(
      `The site is not built (${distDir} has no client manifest or renderer): run npm run build`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entryKey || !entry) throw new Error('The client manifest has no entry chunk');
  // One stylesheet for the whole site (cssCodeSplit off, `style.css`): every page's first paint has all its
  // styles.
  const styles = new Set<string>(entry.css ?? []);
  // A stylesheet imported with ?url (the console's: decision 026) is linked by the page that imports it.
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key === 'style.css') styles.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
  }
  const preload = (entry.imports ?? [])
    .map((key) => manifest[key]?.file)
    .filter((f): f is string => Boolean(f));
  const module = (await import(pathToFileURL(rendererPath).href)) as { render: SsrRender };
  return {
    render: module.render,
    clientDir,
    routeChunks: routeChunksOf(manifest, entryKey),
    assets: {
      entry: `/${entry.file}`,
      styles: [...styles].map((f) => `/${f}`),
      preload: preload.map((f) => `/${f}`),
    },
  };
}

let developmentSite: (() => Promise<SiteBundle>) | null = null;

/**
 * `npm run dev` (server/dev.ts) only, before main.ts runs: serve the site from its sources through Vite
 * (dev-site.ts) instead of the build. Nothing else calls it, so production never loads Vite.
 */
export function serveDevelopmentSite(load: () => Promise<SiteBundle>) {
  developmentSite = load;
}

/** The site main.ts serves: what `npm run build` made, or the development site `npm run dev` asked for. */
export function loadSite(distDir: string): Promise<SiteBundle> {
  return developmentSite ? developmentSite() : loadSiteBundle(distDir);
}
