import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

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
 * A sum from the QR (`s`): positive roubles up to 1,000,000, rounded half up to kopecks (spec section 9: pay
 * values are rounded to 2 decimals; a till that prints 12.345 means 12.35), else null, and the page asks for
 * it. A comma is accepted as the decimal mark, as people type it. Rounded on the digits, never through a float.
 */
export function parsePaySum(raw: string | null): number | null {
  if (raw === null) return null;
  const match = /^(\d{1,7})(?:\.(\d{1,12}))?$/.exec(raw.trim().replace(',', '.'));
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const kopecks = Number(match[1]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return kopecks > 0 && kopecks <= 100_000_000 ? kopecks / 100 : null;
}

/** A point id from the QR (`p`): a positive integer, else null. */
export function parsePointId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 && value <= 2 ** 31 - 1 ? value : null;
}

const RECEIPT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The till's receipt a QR names (`r`, decision 069): a UUID, else null (the page pays the sum alone). */
export function parseReceiptId(raw: string | null): string | null {
  return raw !== null && RECEIPT_ID.test(raw) ? raw.toLowerCase() : null;
}
