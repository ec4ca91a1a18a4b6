import type { AppDeps } from '../app-deps';
import { AppError } from '../errors';

type SiteConfig = Pick<AppDeps['config'], 'publicUrl' | 'publicOrigins' | 'isProduction'>;

/** 127.0.0.0/8, ::1 and localhost: this machine, whatever name or number the browser used for it. */
const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * Whether an origin is one this site answers at, where a payer may be sent back: PUBLIC_URL's, one listed in
 * PUBLIC_ORIGINS, and outside production any loopback address (`npm start` opened at 127.0.0.1 or localhost,
 * whatever PUBLIC_URL says). Nothing else: a payment or a card binding never redirects anyone elsewhere.
 */
export function isSiteOrigin(config: SiteConfig, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.origin === new URL(config.publicUrl).origin) return true;
  if (config.publicOrigins.includes(url.origin)) return true;
  return !config.isProduction && isLoopbackHost(url.hostname);
}

/**
 * The origin a request came to, as the browser addressed it (its Host, and the scheme the proxy saw when
 * TRUST_PROXY is set), when that is one of this site's; else PUBLIC_URL's. Where the server builds a return
 * address itself, the payer comes back to the address their tokens are stored under (local storage is per origin).
 */
export function siteOriginOf(config: SiteConfig, request: { protocol: string; host: string }): string {
  const seen = `${request.protocol}://${request.host}`;
  return isSiteOrigin(config, seen) ? new URL(seen).origin : new URL(config.publicUrl).origin;
}

/**
 * A gateway sends the payer back to `returnUrl` after the bank's page: only an address of this site is
 * accepted (`isSiteOrigin`). The page builds it, so a refusal is the page's fault, never the customer's: the
 * message names the field for a developer, and the site shows the customer its own words (web/lib/api-errors.ts).
 */
export function checkReturnUrl(deps: Pick<AppDeps, 'config'>, returnUrl: string) {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new AppError('VALIDATION', 'returnUrl: адрес этого сайта', { fields: { returnUrl: 'адрес' } });
  }
  if (!isSiteOrigin(deps.config, url.origin)) {
    throw new AppError('VALIDATION', 'returnUrl: только адрес этого сайта', {
      fields: { returnUrl: 'только адрес этого сайта' },
    });
  }
}
