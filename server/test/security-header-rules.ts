import type { LightMyRequestResponse } from 'fastify';
import type { EndpointAuth } from '#common/contract/endpoint';

// The web rules of docs/design/security.md and docs/decisions/004 as one check of an answer, shared by the
// suites that send every route (security-headers.test.ts) and the answers refused before routing.

/** Who may call a route: the contract says; the operator's API is its own kind. */
export type RouteAuth = EndpointAuth | 'operator';
/** The credential a request carried. */
export type Credential = 'none' | 'customer' | 'till' | 'operator' | 'bad-token';

export interface Expect {
  /** Partner origins the configuration allows to frame pages. */
  embedOrigins: string[];
}

export interface Sent {
  label: string;
  url: string;
  auth: RouteAuth;
  credential: Credential;
}

/** A CSP header's directives, each with its sources. */
export function parseCsp(value: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const single = (response: LightMyRequestResponse, name: string): string | undefined => {
  const value = response.headers[name];
  return Array.isArray(value)
    ? `MULTIPLE(${value.join(' | ')})`
    : value === undefined
      ? undefined
      : String(value);
};

const PRIVATE_PAGES = /^\/(till|sandbox|cheque)(\/|$)/;
const UNSAFE_SCRIPT_SOURCE =
  /^('unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|'wasm-unsafe-eval'|\*|data:|blob:|https?:)$/;

/** Every rule the answer breaks, as readable lines (an empty list: all kept). */
export function problemsOf(sent: Sent, response: LightMyRequestResponse, rules: Expect): string[] {
  const problems: string[] = [];
  const fail = (what: string) => problems.push(`${sent.label} [${response.statusCode}]: ${what}`);
  const header = (name: string) => single(response, name);

  if (response.statusCode >= 500) fail('answered 5xx');
  const hsts = header('strict-transport-security') ?? '';
  const maxAge = Number(/^max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < 31_536_000 || !/;\s*includeSubDomains/.test(hsts)) fail(`HSTS is "${hsts}"`);
  if (header('x-content-type-options') !== 'nosniff') fail('no X-Content-Type-Options: nosniff');
  if (header('referrer-policy') !== 'strict-origin-when-cross-origin') {
    fail(`Referrer-Policy is "${header('referrer-policy')}"`);
  }
  if (!header('cross-origin-opener-policy')) fail('no Cross-Origin-Opener-Policy');
  if (!header('cross-origin-resource-policy')) fail('no Cross-Origin-Resource-Policy');
  if (header('x-frame-options') !== undefined) fail('sends X-Frame-Options (it cannot list partners)');
  if (header('x-powered-by') !== undefined) fail('sends X-Powered-By');
  if (header('server') !== undefined) fail('sends Server');

  const cspText = header('content-security-policy');
  if (!cspText || cspText.startsWith('MULTIPLE')) {
    fail(`CSP is ${cspText ?? 'missing'}`);
    return problems;
  }
  const csp = parseCsp(cspText);
  const frameAncestors = (csp.get('frame-ancestors') ?? []).join(' ');
  const type = header('content-type') ?? '';
  const path = sent.url.split('?')[0]!;

  if (type.startsWith('text/html')) {
    // Never framed: the till's page (it holds the point's key), the API docs; the site's pages by partners.
    const unframeable = /^\/(till|api\/docs\/ui)(\/|$)/.test(path);
    const expected = rules.embedOrigins.length && !unframeable ? rules.embedOrigins.join(' ') : "'none'";
    if (frameAncestors !== expected) fail(`HTML frame-ancestors "${frameAncestors}", expected "${expected}"`);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    if (!scriptSrc?.includes("'self'")) fail(`script-src is "${scriptSrc?.join(' ')}"`);
    const unsafe = scriptSrc?.filter((s) => UNSAFE_SCRIPT_SOURCE.test(s)) ?? [];
    if (unsafe.length) fail(`script-src allows ${unsafe.join(' ')}`);
    if ((csp.get('object-src') ?? []).join(' ') !== "'none'") fail("no object-src 'none'");
    if ((csp.get('base-uri') ?? []).join(' ') !== "'none'") fail("no base-uri 'none'");
    if (!csp.has('default-src')) fail('no default-src');
    // The CSP refuses inline script, so the document must not need any.
    for (const tag of response.body.match(/<script\b[^>]*>/gi) ?? []) {
      if (!/\bsrc=/.test(tag) && !/type="application\/json"/.test(tag)) fail(`inline script ${tag}`);
    }
    if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(response.body)) fail('an inline event handler attribute');
    const cache = header('cache-control') ?? '';
    if (PRIVATE_PAGES.test(path)) {
      if (cache !== 'no-store') fail(`a private page with Cache-Control "${cache}"`);
    } else if (!/\bno-(cache|store)\b/.test(cache) || /\bpublic\b/.test(cache)) {
      fail(`a page with Cache-Control "${cache}"`);
    }
  } else {
    if (frameAncestors !== "'none'") fail(`non-HTML frame-ancestors "${frameAncestors}"`);
    if ((csp.get('default-src') ?? []).join(' ') !== "'none'") fail("non-HTML without default-src 'none'");
    if (!csp.has('sandbox')) fail('non-HTML without sandbox');
  }

  if (path.startsWith('/api/')) {
    const cache = header('cache-control') ?? '';
    const privateRoute = sent.auth === 'user' || sent.auth === 'till' || sent.auth === 'operator';
    const publicContent =
      !privateRoute &&
      header('etag') !== undefined &&
      [200, 304].includes(response.statusCode) &&
      /^public, (no-cache|max-age=\d+)$/.test(cache);
    if (cache !== 'no-store' && !publicContent) fail(`API answer with Cache-Control "${cache}"`);
    if (privateRoute && cache !== 'no-store') fail(`a ${sent.auth} endpoint with Cache-Control "${cache}"`);
    // A shared cache may keep a `public` answer to a request with credentials: it must be keyed by them.
    if (/\bpublic\b/.test(cache) && sent.credential !== 'none') {
      if (!/\bauthorization\b/i.test(header('vary') ?? '')) fail('public answer to a token without Vary');
    }
  }
  return problems;
}
