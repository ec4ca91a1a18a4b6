import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

/*
 * The gift-card pages' public reads, apart from their hooks, so the route table (in the first-load bundle)
 * can fill the cache on the server without pulling the pages' code in.
 */

/** The pictures a card may carry: public, so the server renders them into the first HTML. */
export const giftCardImagesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['gift-cards', 'images'],
    queryFn: () => api.request('GET /api/gc/images'),
    staleTime: Infinity,
  });

export const giftCardDiscountQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['gift-cards', 'discount'],
    queryFn: () => api.request('GET /api/gc/discount').then((answer) => answer.data.percentRate),
    staleTime: Infinity,
  });

/** The recipient's page: picture, congratulation, balance; an unknown id is the page's 404. */
export const publicGiftCardQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: ['gift-cards', 'card', id],
    queryFn: () => api.request('GET /api/gc/card/:id', { params: { id } }),
    retry: false,
    staleTime: 60_000,
  });
