import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';

/*
 * What a payment QR's address names (the point `p` and the sum `s`) and the point's public read, apart from
 * the payment's code, so the route table (in the first-load bundle) can render the shop on the server
 * without pulling the payment in.
 */

/** The retail point a payment QR names: public, so the server renders it into the first HTML. */
export const retailPointQuery = (api: ApiClient, retailPointId: number) =>
  queryOptions({
    queryKey: ['retail-point', retailPointId],
    queryFn: () => api.request('POST /api/loyalty/getRetailPointInfo', { body: { retailPointId } }),
    retry: false,
  });

/**
 * A sum from the QR (`s`): positive roubles with at most 2 decimals (spec section 9), else null, and the page
 * asks for it. A comma is accepted as the decimal mark, as people type it.
 */
export function parsePaySum(raw: string | null): number | null {
  if (raw === null) return null;
  const text = raw.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value > 0 && value <= 1_000_000 ? value : null;
}

/** A point id from the QR (`p`): a positive integer, else null. */
export function parsePointId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 && value <= 2 ** 31 - 1 ? value : null;
}
