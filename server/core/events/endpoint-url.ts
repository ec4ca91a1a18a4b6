import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '#server/errors';

/** Resolves a host to every address it has (Node's `dns.lookup` with `all`); a test hands its own. */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

export const resolveWithDns: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Where an endpoint may never point (decision 073, SSRF): private, loopback, link-local (the cloud metadata
 * address 169.254.169.254 among them), CGNAT, benchmarking, unspecified, multicast and reserved ranges, and
 * their IPv6 counterparts (unique-local, link-local, the IPv4-mapped and NAT64 forms checked as IPv4).
 */
const forbidden = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv6');
}

/** An IPv6 address that carries an IPv4 one (`::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`): that IPv4 address. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (match) {
    const hi = parseInt(match[1]!, 16);
    const lo = parseInt(match[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  const dotted = /^(?:::ffff:|64:ff9b::)(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return dotted ? dotted[1]! : null;
}

/** Whether an address is one an endpoint may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address.toLowerCase());
  if (v4) return isIP(v4) !== 4 || forbidden.check(v4, 'ipv4');
  return forbidden.check(address, 'ipv6');
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class WebhookUrlError extends AppError {
  constructor(message: string) {
    super('WEBHOOK_URL_REFUSED', message);
  }
}

/** Why an address is refused, for the caller to say in its own words. */
export type UrlRefusal = 'unreadable' | 'credentials' | 'not-https' | 'unresolved' | 'private';

/**
 * An address the server will POST to on a caller's word (a webhook's endpoint, decision 073; a push
 * subscription's, decision 077), answered normalised: https only in production, no user or password; outside
 * production http and the loopback host too (the tests' and a developer's receiver); never a private, loopback,
 * link-local or metadata address in production, every address the host resolves to checked. `refuse` words the
 * refusal.
 */
export async function checkOutboundUrl(
  raw: string,
  options: { production: boolean; resolve?: ResolveHost; refuse: (why: UrlRefusal, host: string) => Error },
): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw options.refuse('unreadable', '');
  }
  if (url.username || url.password) throw options.refuse('credentials', url.hostname);
  const local = !options.production && LOCAL_HOSTS.has(url.hostname);
  if (local && (url.protocol === 'http:' || url.protocol === 'https:')) return url.toString();
  if (url.protocol !== 'https:') throw options.refuse('not-https', url.hostname);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[] = [];
  try {
    addresses = isIP(host) ? [{ address: host }] : await (options.resolve ?? resolveWithDns)(host);
  } catch {
    // answered below
  }
  if (addresses.length === 0) throw options.refuse('unresolved', host);
  if (addresses.some((a) => isForbiddenAddress(a.address))) throw options.refuse('private', host);
  return url.toString();
}

const WEBHOOK_REFUSALS: Record<UrlRefusal, (host: string) => string> = {
  unreadable: () => 'Адрес не похож на ссылку: нужен вид https://example.ru/hook',
  credentials: () => 'В адресе не должно быть имени и пароля',
  'not-https': () => 'Адрес должен начинаться с https://',
  unresolved: (host) => `Не удалось найти адрес ${host}: проверьте имя сервера`,
  private: () =>
    'Адрес ведёт во внутреннюю сеть (частный, локальный или служебный IP): укажите публичный адрес',
};

/** A webhook endpoint's address (decision 073); refused: 400 `WEBHOOK_URL_REFUSED` with the reason in Russian. */
export function checkEndpointUrl(
  raw: string,
  options: { production: boolean; resolve?: ResolveHost },
): Promise<string> {
  return checkOutboundUrl(raw, {
    ...options,
    refuse: (why, host) => new WebhookUrlError(WEBHOOK_REFUSALS[why](host)),
  });
}
