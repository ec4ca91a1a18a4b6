import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isForbiddenAddress, type ResolveHost } from '#server/core/events/endpoint-url';
import { AppError } from '#server/errors';

const resolveWithDns: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const refused = (message: string) => new AppError('PUSH_ENDPOINT_REFUSED', message);

/**
 * A push subscription's endpoint (decision 077). The browser chooses it (FCM, Mozilla's autopush, Apple's, the
 * Windows service…), so no list of services is kept; but any caller with a member's token could post a URL,
 * and the server will POST to it, so it is checked as a webhook's address is (decision 073): https only in
 * production, no user or password, and no private, loopback, link-local or metadata address, every address the
 * host resolves to checked. Outside production http on the loopback is taken too (the tests' fake service).
 */
export async function checkPushEndpoint(
  raw: string,
  options: { production: boolean; resolve?: ResolveHost },
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('Адрес подписки не похож на ссылку');
  }
  if (url.username || url.password) throw refused('В адресе подписки не должно быть имени и пароля');
  const loopback = !options.production && LOOPBACK.has(url.hostname);
  if (loopback && (url.protocol === 'http:' || url.protocol === 'https:')) return url.toString();
  if (url.protocol !== 'https:') throw refused('Адрес подписки должен начинаться с https://');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[] = [];
  try {
    addresses = isIP(host) ? [{ address: host }] : await (options.resolve ?? resolveWithDns)(host);
  } catch {
    // answered below
  }
  if (addresses.length === 0) throw refused(`Не удалось найти адрес ${host}`);
  if (addresses.some((a) => isForbiddenAddress(a.address)))
    throw refused('Адрес подписки ведёт во внутреннюю сеть: такой службы уведомлений нет');
  return url.toString();
}
