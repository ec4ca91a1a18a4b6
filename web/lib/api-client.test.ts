import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';

describe('the API client', () => {
  it('sends the Bearer token when one is stored and parses the answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ title: 'Б' }), { status: 200 }));
    const api = createApiClient({ fetch, getAccessToken: () => 'access-1' });
    await expect(api.request('GET /api/header')).resolves.toEqual({ title: 'Б' });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/header');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    await createApiClient({ fetch, getAccessToken: () => null }).request('GET /api/header');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('turns a 4xx into an ApiError with the server message', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Нет такого адреса', code: 'NOT_FOUND' }), { status: 404 }),
    );
    const failure = createApiClient({ fetch, getAccessToken: () => null }).request('GET /api/header');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Нет такого адреса' });
  });

  it('shows a schema refusal without its field name, keeping the whole body for programs', async () => {
    const body = { message: 'Неверные данные: phone: Введены не все символы', code: 'VALIDATION' };
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 400 }));
    const failure = createApiClient({ fetch, getAccessToken: () => null }).request('GET /api/header');
    await expect(failure).rejects.toMatchObject({ message: 'Введены не все символы', body });
  });
});

describe('refreshing on 401 Invalid Token', () => {
  /** A fake server: access token `a2` is valid; refresh `r1` gives the pair a2/r2 once. */
  function fakeServer() {
    const calls: string[] = [];
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string>).authorization;
      calls.push(`${path} ${auth ?? ''}`);
      if (path === '/api/auth/refresh') {
        const { refresh } = JSON.parse(String(init?.body)) as { refresh: string };
        return refresh === 'r1'
          ? new Response(JSON.stringify({ token: 'a2', refresh: 'r2' }), { status: 200 })
          : new Response(JSON.stringify({ message: 'Сессия завершена', code: 'INVALID_REFRESH' }), {
              status: 401,
            });
      }
      return auth === 'Bearer a2'
        ? new Response(JSON.stringify({ ok: true }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Invalid Token', code: 'INVALID_TOKEN' }), { status: 401 });
    });
    return { fetch, calls };
  }

  function memoryTokens(access: string | null, refresh: string | null) {
    const state = { access, refresh };
    return {
      state,
      store: {
        readRefresh: () => state.refresh,
        save: (a: string, r: string) => Object.assign(state, { access: a, refresh: r }),
        clear: () => Object.assign(state, { access: null, refresh: null }),
      },
    };
  }

  it('refreshes once for requests that fail together, and retries each once', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('a1', 'r1');
    const api = createApiClient({
      fetch: server.fetch,
      getAccessToken: () => tokens.state.access,
      tokens: tokens.store,
    });
    const results = await Promise.all([1, 2, 3].map(() => api.request('GET /api/header')));
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(server.calls.filter((c) => c.startsWith('/api/auth/refresh'))).toHaveLength(1);
    expect(tokens.state).toEqual({ access: 'a2', refresh: 'r2' });
  });

  it('forgets the tokens and reports the lost session when the refresh is refused', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('a1', 'stale');
    const onSessionLost = vi.fn();
    const api = createApiClient({
      fetch: server.fetch,
      getAccessToken: () => tokens.state.access,
      tokens: tokens.store,
      onSessionLost,
    });
    await expect(api.request('GET /api/header')).rejects.toMatchObject({ status: 401 });
    expect(tokens.state).toEqual({ access: null, refresh: null });
    expect(onSessionLost).toHaveBeenCalledOnce();
  });

  it('does not refresh on another 401, nor without a refresh token', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('a1', null);
    const api = createApiClient({
      fetch: server.fetch,
      getAccessToken: () => tokens.state.access,
      tokens: tokens.store,
    });
    await expect(api.request('GET /api/header')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.some((c) => c.startsWith('/api/auth/refresh'))).toBe(false);
    expect(tokens.state.access).toBeNull();
  });
});
