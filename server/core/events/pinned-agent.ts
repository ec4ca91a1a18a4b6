import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
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

const agents = new WeakMap<ResolveHost, Agent>();

/** One connection pool per resolver (the system's DNS in production), whose every connection is pinned. */
export function pinnedAgent(resolve: ResolveHost = resolveWithDns): Agent {
  let agent = agents.get(resolve);
  if (!agent) {
    agent = new Agent({ connect: { lookup: pinnedLookup(resolve) } });
    agents.set(resolve, agent);
  }
  return agent;
}
