import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#web/lib/api-client';
import { clearTokens, saveTokens } from '#web/lib/auth-tokens';
import { prefetchCabinetTab } from './api';

/** An API client that records what was asked and answers nothing useful. */
function recordingApi() {
  const asked: string[] = [];
  const api = {
    request: (key: string) => {
      asked.push(key);
      return Promise.resolve({});
    },
  } as unknown as ApiClient;
  return { api, asked };
}

describe('the cabinet’s prefetch (decision 041)', () => {
  afterEach(() => clearTokens());

  it('asks nothing without stored tokens', () => {
    const { api, asked } = recordingApi();
    prefetchCabinetTab({ queryClient: new QueryClient(), api }, 'card');
    expect(asked).toEqual([]);
  });

  it('asks what each tab shows, once, into the keys its hooks read', async () => {
    saveTokens('access', 'refresh');
    const card = recordingApi();
    const queryClient = new QueryClient();
    prefetchCabinetTab({ queryClient, api: card.api }, 'card');
    expect(card.asked.sort()).toEqual([
      'GET /api/campaigns/active',
      'GET /api/user/bonus-expiry',
      'GET /api/user/info',
      'GET /api/user/level',
      'GET /api/user/operations',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(['user', 'info'])).toEqual({});
    expect(queryClient.getQueryData(['user', 'operations'])).toEqual({ pages: [{}], pageParams: [1] });

    const operations = recordingApi();
    prefetchCabinetTab({ queryClient: new QueryClient(), api: operations.api }, 'operations');
    expect(operations.asked.sort()).toEqual(['GET /api/user/info', 'GET /api/user/operations']);
    const profile = recordingApi();
    prefetchCabinetTab({ queryClient: new QueryClient(), api: profile.api }, 'profile');
    expect(profile.asked).toEqual(['GET /api/user/info']);
  });
});
