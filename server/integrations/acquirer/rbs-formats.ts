import { AcquirerError } from './acquirer';

/*
 * The RBS gateway's formats (decision 009 "The RBS adapter", decision 016): our order numbers in the gateway's
 * 32 characters and back, the card-saving orders' numbers, the card fields it answers, the description it shows.
 */

/** RBS limits `orderNumber` to 32 characters, `description` to 99 on several installations. */
const MAX_ORDER_NUMBER = 32;
const MAX_DESCRIPTION = 99;
/** Our card-saving orders' gateway numbers start with this (a draft's number is 32 hex digits, never so). */
export const BINDING_ORDER_PREFIX = 'bind';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our order numbers are draft ids (UUIDs, 36 characters); RBS takes at most 32, so a UUID goes without its
 * hyphens and comes back with them. Anything else must already fit.
 */
export function toGatewayOrderNumber(orderNumber: string): string {
  if (UUID.test(orderNumber)) {
    return orderNumber.replace(/-/g, '').toLowerCase();
  }
  if (
    orderNumber.length === 0 ||
    orderNumber.length > MAX_ORDER_NUMBER ||
    !/^[\x21-\x7e]+$/.test(orderNumber)
  ) {
    throw new AcquirerError('rbs: an order number is 1 to 32 printable ASCII characters');
  }
  return orderNumber;
}

export function fromGatewayOrderNumber(orderNumber: string): string {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(orderNumber);
  return m ? m.slice(1).join('-') : orderNumber;
}

/**
 * The gateway number of the card-saving order of a binding request (a UUID). `bind-<uuid>` is 41 characters
 * and `b` + 32 hex digits still 33, so the UUID's 128 bits go in base 36: `bind` + 25 characters, 29 in all.
 */
export function toBindingOrderNumber(requestId: string): string {
  if (!UUID.test(requestId)) throw new AcquirerError('rbs: a binding request id is a UUID');
  const value = BigInt(`0x${requestId.replace(/-/g, '')}`);
  return `${BINDING_ORDER_PREFIX}${value.toString(36).padStart(25, '0')}`;
}

/** The last 4 digits of a masked card number (`411111**1111`), and never more. */
export function lastFour(masked: string | undefined): string | null {
  const match = masked ? /(\d{4})\D*$/.exec(masked) : null;
  return match ? match[1]! : null;
}

/** RBS gives a card's expiry as YYYYMM (a string or a number); we show 'MM/YY'. */
export function toExpiry(value: string | number | undefined): string | null {
  const match = value === undefined ? null : /^(\d{2})(\d{2})(\d{2})$/.exec(String(value).trim());
  if (!match) return null;
  const month = Number(match[3]);
  return month >= 1 && month <= 12 ? `${match[3]}/${match[2]}` : null;
}

/** The description the gateway shows on its page: one line, no characters some installations refuse. */
export function gatewayDescription(text: string): string {
  const clean = text
    .replace(/[\p{Cc}%+]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, MAX_DESCRIPTION).join('');
}
