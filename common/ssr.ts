/**
 * The seam between the server and the site's server renderer (web/entry-server.tsx). Neither side imports
 * the other: the server loads the built renderer and calls `render` with this shape.
 */
export interface SsrAssets {
  /** The client entry module (hydrates the page). */
  entry: string;
  /** Stylesheets the first paint needs. */
  styles: string[];
  /** Modules worth preloading with the entry. */
  preload: string[];
}

export interface SsrRequest {
  /** Absolute URL of the page requested. */
  url: string;
  assets: SsrAssets;
  /** Each lazily loaded page's chunk name and the files it needs beyond the entry, to preload with a match. */
  routeChunks: Record<string, string[]>;
  /** Calls this deployment's API in process (no network), as `fetch` would. */
  fetchApi(path: string, init?: RequestInit): Promise<Response>;
}

export interface SsrResult {
  status: number;
  /** The whole document, streamed once every part of it is ready. */
  stream: NodeJS.ReadableStream;
}

export type SsrRender = (request: SsrRequest) => Promise<SsrResult>;

/** The id of the JSON block that carries the server's data to the hydrating client. */
export const SSR_DATA_ELEMENT_ID = 'kopilka-data';
