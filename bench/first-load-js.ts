// JavaScript on first load (docs/design/quality.md): per route, the gzipped bytes the browser loads before
// interaction, read from the build's manifest the way the server decides what to send (server/features/site/
// site-renderer.ts): the entry with its static imports, plus the matched route's page chunk (named by its
// lazyPage in web/app/routes.tsx) with its static imports. Dynamic imports (the map's Leaflet) load later and are
// listed apart. Bar: <= 100 KB for `/`; every route's page is its own chunk, loaded when the route is.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { QueryClient } from '@tanstack/react-query';
import { createRoutes } from '../web/app/routes';
import { isMain, kb, printReport, verdict, type Report, type Row } from './lib';

export interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteFiles {
  /** The entry and what it imports statically: every route loads these. */
  entry: string[];
  /** The route's page chunk and its static imports not already in `entry`. */
  page: string[];
  /** What the page imports dynamically (and their imports), not in the two above: loaded after hydration. */
  later: string[];
}

function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key]!.imports ?? [], seen);
  }
  return seen;
}

const jsFiles = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));

/** The JavaScript files a route whose page chunk is `chunk` loads before interaction, and later. */
export function routeFiles(manifest: Manifest, chunk: string): RouteFiles {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const pageKey = Object.keys(manifest).find(
    (k) => manifest[k]!.isDynamicEntry && manifest[k]!.name === chunk,
  );
  // No chunk of that name: the page went into the entry (a static import) or the route names it wrongly.
  if (!pageKey) throw new Error(`no page chunk named ${chunk} in the manifest`);
  const entry = closure(manifest, [entryKey]);
  const page = [...closure(manifest, [pageKey])].filter((k) => !entry.has(k));
  const loaded = new Set([...entry, ...page]);
  const dynamic = page.flatMap((k) => manifest[k]!.dynamicImports ?? []);
  const later = [...closure(manifest, dynamic)].filter((k) => !loaded.has(k));
  return { entry: jsFiles(manifest, entry), page: jsFiles(manifest, page), later: jsFiles(manifest, later) };
}

/** Gzipped bytes as the server sends them: the build's precompressed .gz (level 9), or gzip -9 of the file. */
function gzippedSize(clientDir: string, file: string): number {
  const gz = `${clientDir}/${file}.gz`;
  if (existsSync(gz)) return readFileSync(gz).length;
  return gzipSync(readFileSync(`${clientDir}/${file}`), { level: 9 }).length;
}

const BAR = 100 * 1024;

export function firstLoadJsReport(clientDir = 'dist/client'): Report {
  const manifest = JSON.parse(readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8')) as Manifest;
  const size = (files: string[]) => files.reduce((sum, f) => sum + gzippedSize(clientDir, f), 0);
  const routes = createRoutes({ queryClient: new QueryClient(), api: {} as never });
  // Routes that share a page (/loyalty and /loyalty/oldindex) load the same bytes: one row for them.
  const byChunk = new Map<string, string[]>();
  for (const { path, handle } of routes) {
    if (handle.chunk) byChunk.set(handle.chunk, [...(byChunk.get(handle.chunk) ?? []), path]);
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const [chunk, paths] of byChunk) {
    let files: RouteFiles;
    try {
      files = routeFiles(manifest, chunk);
    } catch (error) {
      // The server would not preload such a page with the HTML either (it looks chunks up by the same name).
      const reason = (error as Error).message;
      rows.push({
        figure: `first-load JS ${paths.join(', ')}`,
        value: reason,
        reference: '',
        ratio: '',
        bar: 'page loaded with the route',
        verdict: 'MISSED',
      });
      continue;
    }
    const entry = size(files.entry);
    const page = size(files.page);
    const total = entry + page;
    const home = paths.includes('/');
    rows.push({
      figure: `first-load JS ${paths.join(', ')}`,
      value: `${kb(total)} gz`,
      reference: `entry ${kb(entry)} + page ${kb(page)} (${files.entry.length + files.page.length} files)`,
      ratio: `${((total / BAR) * 100).toFixed(0)}% of 100 KB`,
      bar: home ? '<= 100 KB' : 'page loaded with the route',
      // routeFiles found the page as a chunk of its own, so it is loaded with its route and not before.
      verdict: home ? verdict(total <= BAR) : 'ok',
    });
    if (files.later.length) {
      notes.push(
        `${paths.join(', ')}: after hydration also ${kb(size(files.later))} gz (${files.later.join(', ')})`,
      );
    }
  }
  return { rows, notes };
}

if (isMain(import.meta.url)) printReport(firstLoadJsReport());
