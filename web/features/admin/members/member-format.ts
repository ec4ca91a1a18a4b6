import { formatKopecks } from '#common/lib/format';
import { formatPhone } from '#web/lib/formats';

/*
 * How the member's page writes what it shows (decision 053), with the product's formatters: a phone as
 * +7 (900) 000-00-01, roubles with «₽».
 */

/** A member's phone as people read it; a deleted account's or a phoneless payer's placeholder stays as it is. */
export const memberPhone = (phone: string) => (/^7\d{10}$/.test(phone) ? formatPhone(phone) : phone);

/** Roubles (the API's 2-decimal numbers) as '1 002,50 ₽'. */
export const roubles = (value: number) => formatKopecks(Math.round(value * 100));

/** A member's own address (decision 053): `/admin/members/<id>`, so support can send a colleague the link. */
export const memberPath = (userId: string) => `/admin/members/${userId}`;
