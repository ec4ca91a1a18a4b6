import { useQuery } from '@tanstack/react-query';
import { CSRF_HEADER } from '#common/contract/permissions';
import { createApiClient, type ApiClient } from '#web/lib/api-client';
import { hasCode, messageOf } from '#web/lib/api-errors';
import { ruAdmin } from '#web/i18n/ru-admin';

/*
 * The console's own API client (docs/decisions/026): the session cookie goes with every same-origin call, the
 * session's CSRF token in its header; never a customer's token from local storage (the operator endpoints
 * would read it as a wrong operator token).
 */

let csrfToken = '';

/** Remembers the CSRF token the login or the session answered. */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

const noTokens = { readRefresh: () => null, save: () => undefined, clear: () => undefined };

let client: ApiClient | null = null;

/** The browser's console client (the console's data is fetched only in the browser). */
export function adminApi(): ApiClient {
  client ??= createApiClient({
    fetch: (path, init) =>
      window.fetch(path, {
        ...init,
        credentials: 'same-origin',
        headers: { ...(init?.headers as Record<string, string>), [CSRF_HEADER]: csrfToken },
      }),
    getAccessToken: () => null,
    tokens: noTokens,
  });
  return client;
}

export const SESSION_KEY = ['admin', 'session'] as const;

/** The console's session: who, the stage, the permissions; null when nobody is logged in. */
export function useStaffSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        const session = await adminApi().request('GET /api/admin/session');
        setCsrfToken(session.csrfToken);
        return session;
      } catch (error) {
        if (hasCode(error, 'UNAUTHORIZED')) return null;
        throw error;
      }
    },
    // Fetched in the browser only: the server renders the console as a visitor sees it.
    enabled: typeof window !== 'undefined',
    staleTime: 60_000,
    retry: false,
  });
}

/** What a person reads for a failed console call: the console's text for the code, else the server's. */
export function adminErrorText(error: unknown): string {
  for (const [code, text] of Object.entries(ruAdmin.errors)) {
    if (hasCode(error, code as keyof typeof ruAdmin.errors)) return text;
  }
  return messageOf(error, ruAdmin.failed);
}
