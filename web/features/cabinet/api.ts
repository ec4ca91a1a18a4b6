import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { UserInfoResponse } from '#common/contract/cabinet';
import type { ApiClient } from '#web/lib/api-client';
import { readAccessToken } from '#web/lib/auth-tokens';
import type { RouteDeps } from '#web/lib/router/route-table';
import { useApi } from '#web/lib/api-context';
import { activeCampaignsQuery } from '#web/lib/content';
import { USER_KEY } from '#web/lib/session';

export const userInfoQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...USER_KEY, 'info'],
    queryFn: () => api.request('GET /api/user/info'),
    // A 401 is the client's business (refresh, then the session error); other failures are not retried
    // blindly either: the guard shows 'Ошибка загрузки данных'.
    retry: false,
    staleTime: 30_000,
  });

/** `GET api/user/info`, only in the browser and only with a stored token (tokens never reach the server). */
export function useUserInfo(enabled: boolean) {
  return useQuery({ ...userInfoQuery(useApi()), enabled });
}

const bonusExpiryQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...USER_KEY, 'bonus-expiry'],
    queryFn: () => api.request('GET /api/user/bonus-expiry'),
  });

/** The next bonuses to expire (decision 027), only in the browser like the rest of the cabinet. */
export function useBonusExpiry(enabled: boolean) {
  return useQuery({ ...bonusExpiryQuery(useApi()), enabled });
}

const userLevelQuery = (api: ApiClient) =>
  queryOptions({ queryKey: [...USER_KEY, 'level'], queryFn: () => api.request('GET /api/user/level') });

/** The member's level and the way to the next (decision 027 "Levels"); `level` null when levels are off. */
export function useUserLevel(enabled = true) {
  return useQuery({ ...userLevelQuery(useApi()), enabled });
}

/**
 * What a tab shows beside the customer's info: the card tab its expiry and level lines and the campaigns; the
 * card and the operations tabs the operations.
 */
const tabParts = (tab: string) => ({
  lines: tab === 'card',
  operations: tab === 'card' || tab === 'operations',
});

/**
 * Whether what a cabinet tab shows beside the customer's info has come: on the card tab the expiry and level
 * lines, the campaigns above the grid and the operations beside the card; on the operations tab the
 * operations. Asked together with the info, so the cabinet appears whole, in one interruptible render: lines
 * that arrived after it pushed the member code down (a layout shift), and each later answer re-rendered its
 * part in one long task (decision 038).
 */
export function useTabSettled(tab: string, enabled: boolean): boolean {
  const api = useApi();
  const parts = tabParts(tab);
  const card = enabled && parts.lines;
  const list = enabled && parts.operations;
  const asked: Array<[boolean, { isPending: boolean }]> = [
    [card, useBonusExpiry(card)],
    [card, useUserLevel(card)],
    [card, useQuery({ ...activeCampaignsQuery(api), enabled: card })],
    [list, useOperations(list)],
  ];
  return asked.every(([isAsked, query]) => !isAsked || !query.isPending);
}

const operationsQuery = (api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: [...USER_KEY, 'operations'],
    queryFn: ({ pageParam }) => api.request('GET /api/user/operations', { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export function useOperations(enabled = true) {
  return useInfiniteQuery({ ...operationsQuery(useApi()), enabled });
}

/**
 * Starts what a cabinet tab asks for (`useCabinetGuard` and `useTabSettled`), with the stored tokens, as soon
 * as the browser knows the page: while its module loads and the page hydrates, instead of from hydration's
 * effects. The hooks then find the answers in the cache, or in flight (decision 041). Failures are left to the
 * hooks, which ask again when they mount and decide what the page shows.
 */
export function prefetchCabinetTab({ queryClient, api }: RouteDeps, tab: string) {
  if (readAccessToken() === null) return;
  const parts = tabParts(tab);
  void queryClient.prefetchQuery(userInfoQuery(api));
  if (parts.lines) {
    void queryClient.prefetchQuery(bonusExpiryQuery(api));
    void queryClient.prefetchQuery(userLevelQuery(api));
    void queryClient.prefetchQuery(activeCampaignsQuery(api));
  }
  if (parts.operations) void queryClient.prefetchInfiniteQuery(operationsQuery(api));
}

export function useSessionOperations(phone: string | null) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...USER_KEY, 'session-operations', phone],
    queryFn: ({ pageParam }) =>
      api.request('POST /api/session/operations', { body: { phone: phone ?? '', page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: phone !== null,
  });
}

export function useCertificates(phone: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...USER_KEY, 'certificates', phone],
    queryFn: () => api.request('POST /api/user/getCerts', { body: { phone } }),
  });
}

/** The member's personal coupons (decision 064). */
export function useCoupons() {
  const api = useApi();
  return useQuery({
    queryKey: [...USER_KEY, 'coupons'],
    queryFn: () => api.request('GET /api/user/coupons'),
  });
}

/** Mutations that return the fresh user info put it straight into the cache. */
function useSetInfo() {
  const queryClient = useQueryClient();
  return (info: UserInfoResponse) => queryClient.setQueryData([...USER_KEY, 'info'], info);
}

export function useRegisterCard() {
  const api = useApi();
  const setInfo = useSetInfo();
  return useMutation({
    mutationFn: (body: NewCardBody) => api.request('POST /api/user/newCard', { body }),
    onSuccess: setInfo,
  });
}

export interface ProfileBody {
  firstName: string;
  lastName: string;
  middleName: string;
  email: string;
  birthDate: string;
}

export type NewCardBody = ProfileBody & { cardNum: string; refererID: string; marketingConsent?: boolean };

export function useEditProfile() {
  const api = useApi();
  const setInfo = useSetInfo();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.request('POST /api/user/edit', { body }),
    onSuccess: setInfo,
  });
}

export function useEditSession() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.request('POST /api/session/edit', { body }),
  });
}

export function useSetActiveCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request('PUT /api/user/setActiveCard', { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...USER_KEY, 'info'] }),
  });
}

export function useActivateCertificate(phone: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request('PATCH /api/user/activateCert', { body: { phone, ids: [id] } }),
    onSuccess: (result) => {
      queryClient.setQueryData([...USER_KEY, 'certificates', phone], {
        certificates: result.certificates,
      });
      // The money balance and the history changed on the server.
      void queryClient.invalidateQueries({ queryKey: [...USER_KEY, 'info'] });
      void queryClient.invalidateQueries({ queryKey: [...USER_KEY, 'operations'] });
    },
  });
}

/** The login screen's registration step: called with an empty payload once the phone is confirmed. */
export function cabinetRegistration(api: ApiClient) {
  return api.request('POST /api/user/registration', { body: {} });
}
