import type { ReceiptListQuery } from '#common/contract/receipts';
import { isoDayToRu, ruDayToIso } from '../dates';

/** The receipts' filter form as typed: days as dd.mm.yyyy (decision 054). */
export interface Filters {
  from: string;
  to: string;
  point: string;
  receipt: string;
  member: string;
}

/** The form's texts as the API's query: days as yyyy-mm-dd, empty fields left out; null for a bad day. */
export function queryOf(form: Filters): ReceiptListQuery | null {
  const from = form.from.trim() ? ruDayToIso(form.from) : undefined;
  const to = form.to.trim() ? ruDayToIso(form.to) : undefined;
  if (from === null || to === null || (from && to && from > to)) return null;
  const text = (value: string) => value.trim() || undefined;
  const query = { from, to, point: text(form.point), receipt: text(form.receipt), member: text(form.member) };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

/**
 * The filters the address names, as the API names them (`?member=<card>&from=2026-11-01`): a member's page
 * links so (decision 068). A day that is not one is left empty rather than refused.
 */
export function filtersOfAddress(search: URLSearchParams): Filters {
  const day = (name: string) => {
    const ru = isoDayToRu(search.get(name) ?? '');
    return ruDayToIso(ru) ? ru : '';
  };
  const text = (name: string) => (search.get(name) ?? '').slice(0, 200);
  return {
    from: day('from'),
    to: day('to'),
    point: text('point'),
    receipt: text('receipt'),
    member: text('member'),
  };
}
