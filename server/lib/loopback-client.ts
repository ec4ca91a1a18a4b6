import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from this machine (docs/decisions/049): what the development conveniences (the
 * outboxes, the clock handle, tokens signed with the public development secret) answer to, so a deployment
 * that forgot NODE_ENV or AUTH_SECRET serves them to nobody else.
 *
 * Decided on the socket's address, not `request.ip`: with TRUST_PROXY that is whatever X-Forwarded-For says,
 * which a client writes itself. A request a proxy forwarded is from the machine only if every address the proxy
 * headers name (X-Forwarded-For, X-Real-IP, Forwarded's `for=`) is a loopback one too, so a public site behind
 * a proxy on the same machine does not count as local either; a name like `unknown` or `_hidden` is not local.
 */
export function isLoopbackClient(request: Pick<FastifyRequest, 'raw' | 'headers'>): boolean {
  const peer = request.raw.socket?.remoteAddress;
  if (!peer || !isLoopbackAddress(peer)) return false;
  return forwardedAddresses(request.headers).every(isLoopbackAddress);
}

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (a dual-stack socket's form), with brackets or a port stripped. */
export function isLoopbackAddress(value: string): boolean {
  let address = value.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (address.startsWith('::ffff:')) address = address.slice('::ffff:'.length);
  return IPV4_LOOPBACK.test(address) || address === '::1' || address === '0:0:0:0:0:0:0:1';
}

const listOf = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header : header === undefined ? [] : [header]).flatMap((h) => h.split(','));

/** Every client address the proxy headers name (empty for a request no proxy touched). */
function forwardedAddresses(headers: FastifyRequest['headers']): string[] {
  const named = [...listOf(headers['x-forwarded-for']), ...listOf(headers['x-real-ip'])];
  for (const element of listOf(headers.forwarded)) {
    for (const pair of element.split(';')) {
      const [key, value] = pair.split('=');
      if (key?.trim().toLowerCase() === 'for') named.push((value ?? '').trim().replace(/^"|"$/g, ''));
    }
  }
  return named;
}
