import { ERROR_STATUS, type ErrorCode } from '#common/contract/codes';
import type { ApiErrorBody, EndpointInput, EndpointOutput } from '#common/contract/endpoint';
import type { EndpointKeyOf, EndpointsByKey } from '#common/contract/registry';
import { buildPath } from '#common/lib/endpoint-path';
import { readableMessage } from '#common/lib/error-text';
import { clearTokens, readAccessToken, readRefreshToken, saveTokens } from './auth-tokens';

/** A failed call: the HTTP status and the server's `{message, code}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    // What a person reads: a schema refusal's field name ('code: …') stays in `body` for programs.
    super(body?.message ? readableMessage(body.message) : `HTTP ${status}`);
  }

  /**
   * What the client branches on (common/contract/codes.ts). An answer without the contract's body (a proxy's
   * error page) is told apart only by its status: the one place the client reads one.
   */
  get code(): ErrorCode {
    return this.body?.code ?? (this.status >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST');
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
  /** Where the token pair lives; the browser's local storage unless a test gives another. */
  tokens?: TokenStore;
  /** Called when the session is lost (no or a rejected refresh token): spec section 8's auth error. */
  onSessionLost?: () => void;
}

export interface TokenStore {
  readRefresh(): string | null;
  save(access: string, refresh: string): void;
  clear(): void;
}

const browserTokens: TokenStore = { readRefresh: readRefreshToken, save: saveTokens, clear: clearTokens };

export function createApiClient({
  fetch,
  getAccessToken = readAccessToken,
  tokens = browserTokens,
  onSessionLost,
}: ApiClientOptions): ApiClient {
  // One refresh at a time: requests that fail together wait for the same new pair.
  let refreshing: Promise<boolean> | null = null;

  const send = async (method: string, path: string, body: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(path, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    return { response, parsed, sentToken: token };
  };

  const refresh = async (): Promise<boolean> => {
    const refreshToken = tokens.readRefresh();
    if (!refreshToken) return false;
    try {
      const { response, parsed } = await send('POST', '/api/auth/refresh', { refresh: refreshToken });
      if (!response.ok) return false;
      const pair = parsed as { token: string; refresh: string };
      tokens.save(pair.token, pair.refresh);
      return true;
    } catch {
      return false;
    }
  };

  const refreshOnce = () => {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    async request(key, input) {
      const space = key.indexOf(' ');
      const method = key.slice(0, space);
      const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
      const path = buildPath(key.slice(space + 1), params as never, query as never);
      const first = await send(method, path, body);
      let { response, parsed } = first;
      const { sentToken } = first;
      const code = response.ok ? null : new ApiError(response.status, parsed as ApiErrorBody | null).code;
      // A token refused (spec section 8): 'Invalid Token' (INVALID_TOKEN) is refreshed, any other 401 ends it.
      if (sentToken && code !== null && ERROR_STATUS[code] === 401) {
        const expired = code === 'INVALID_TOKEN';
        // Another request may already have renewed the pair since this one was sent: then just retry.
        const renewed = expired && (getAccessToken() !== sentToken || (await refreshOnce()));
        if (renewed) {
          ({ response, parsed } = await send(method, path, body));
        } else {
          tokens.clear();
          onSessionLost?.();
        }
      }
      if (!response.ok) throw new ApiError(response.status, parsed as ApiErrorBody | null);
      return parsed as never;
    },
  };
}
