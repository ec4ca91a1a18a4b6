import type { ApiErrorBody, EndpointInput, EndpointOutput } from '../../common/contract/endpoint';
import type { EndpointKeyOf, EndpointsByKey } from '../../common/contract/registry';
import { readAccessToken } from './auth-tokens';

/** A failed call: the HTTP status and the server's `{message, code}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

type Input<K extends EndpointKeyOf> = EndpointInput<EndpointsByKey[K]>;
type Output<K extends EndpointKeyOf> = EndpointOutput<EndpointsByKey[K]>;

export interface ApiClient {
  /** Calls an endpoint by its contract key, e.g. `request('GET /api/news/:id', { params: { id } })`. */
  request<K extends EndpointKeyOf>(key: K, input?: Input<K>): Promise<Output<K>>;
}

export interface ApiClientOptions {
  /** The transport: the browser's fetch, or the server's in-process call while rendering. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** Reads the stored access token; the server renders as a visitor and passes none. */
  getAccessToken?: () => string | null;
}

export function buildPath(
  template: string,
  params: Record<string, unknown> = {},
  query?: Record<string, unknown>,
) {
  const path = template.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export function createApiClient({ fetch, getAccessToken = readAccessToken }: ApiClientOptions): ApiClient {
  return {
    async request(key, input) {
      const space = key.indexOf(' ');
      const method = key.slice(0, space);
      const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = getAccessToken();
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(buildPath(key.slice(space + 1), params as never, query as never), {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const parsed: unknown = text ? JSON.parse(text) : null;
      if (!response.ok) throw new ApiError(response.status, parsed as ApiErrorBody | null);
      return parsed as never;
    },
  };
}
