import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildPath, createApiClient } from './api-client';

describe('buildPath', () => {
  it('fills path parameters, encoded, and appends the query', () => {
    expect(buildPath('/api/news/:id', { id: 'a b/c' }, { page: 2, empty: undefined })).toBe(
      '/api/news/a%20b%2Fc?page=2',
    );
  });
});

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
});
