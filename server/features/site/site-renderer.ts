import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrAssets, SsrRender } from '../../../common/ssr';

export interface SiteBundle {
  render: SsrRender;
  assets: SsrAssets;
  /** The folder of the built client (hashed assets under /assets). */
  clientDir: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
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
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The client manifest has no entry chunk');
  // One stylesheet for the whole site (cssCodeSplit off): every page's first paint has all its styles.
  const styles = new Set<string>(entry.css ?? []);
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.css')) styles.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
  }
  const preload = (entry.imports ?? [])
    .map((key) => manifest[key]?.file)
    .filter((f): f is string => Boolean(f));
  const module = (await import(pathToFileURL(rendererPath).href)) as { render: SsrRender };
  return {
    render: module.render,
    clientDir,
    assets: {
      entry: `/${entry.file}`,
      styles: [...styles].map((f) => `/${f}`),
      preload: preload.map((f) => `/${f}`),
    },
  };
}
