import type { LookupFunction } from 'node:net';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isForbiddenAddress, resolveWithDns, type ResolveHost } from './endpoint-url';

/**
 * The address a delivery connects to is the address that was checked (decision 079): the connection's own DNS
 * lookup resolves the host, refuses it when any address is private, loopback, link-local or reserved (as the
 * check at registration does), and hands the socket exactly those addresses. A name that answered a public
 * address at the check and the loopback at the connection (DNS rebinding) cannot slip between the two.
 */
export function pinnedLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.length === 0 || addresses.some((a) => isForbiddenAddress(a.address));
        if (refused) {
          const error = Object.assign(new Error(`${hostname} resolves to a forbidden address`), {
            code: 'EADDRREFUSED',
          });
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * One POST whose connection is pinned (decision 079), answered by its status; redirects are not followed (a 3xx is
 * the answer). Node's own http(s) client with the pinned lookup: the npm `undici` would do it too, but loading it
 * installs its agent as the global dispatcher that Node 20's built-in `fetch` then uses for every other call.
 */
export function pinnedPost(
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number; resolve?: ResolveHost },
): Promise<{ status: number }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
        lookup: pinnedLookup(init.resolve ?? resolveWithDns),
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (response) => {
        response.resume(); // the body is not read: only the status counts
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
