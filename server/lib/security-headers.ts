import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

export interface SecurityHeaderOptions {
  /** Partner origins allowed to frame the site's pages (EMBED_ORIGINS); none means no framing at all. */
  embedOrigins: string[];
  /** Extra origins a page may load pictures from (a map tile server, the SBP bank logos). */
  imageOrigins?: string[];
  /** Origins of third-party scripts a page may load (the indoor floors widget's loader). */
  scriptOrigins?: string[];
  /** Where the browser may post forms or navigate frames (bank gateways). */
  formOrigins?: string[];
}

/**
 * The site's Content-Security-Policy: no inline script, nothing from elsewhere unless listed. The same in
 * development: `npm run dev` (server/features/site/dev-site.ts) needs nothing more, since Vite's client, React
 * Refresh's preamble and the modules load from 'self' and hot updates use a WebSocket on the same origin.
 */
export function pageCsp(options: SecurityHeaderOptions): string {
  const frameAncestors = options.embedOrigins.length ? options.embedOrigins.join(' ') : "'none'";
  const scriptSrc = ["'self'", ...(options.scriptOrigins ?? [])].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // React style attributes and the brand's colour variables are inline styles; scripts never are.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${(options.imageOrigins ?? []).join(' ')}`.trim(),
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${(options.formOrigins ?? []).join(' ')}`.trim(),
    'frame-src https:',
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Extra form-action origins one answer's page needs (`allowFormOrigin`), read by the onSend hook below. */
const formOriginsOfReply = new WeakMap<FastifyReply, string>();

/**
 * Lets this answer's page post a form that is redirected to `origin`: the sandbox bank's pages
 * (server/features/payments/sandbox-pages.ts) send the payer back to the address they came from. That address
 * was checked as one of the site's own when the order was made (server/lib/return-url.ts), and may be another
 * address of this server than PUBLIC_URL (127.0.0.1 beside localhost), where form-action 'self' alone makes
 * Chromium stop the redirect (docs/decisions/051). Everything else of the page's policy stays as it is.
 */
export function allowFormOrigin(reply: FastifyReply, origin: string) {
  formOriginsOfReply.set(reply, origin);
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The service worker's own policy (`/sw.js`, docs/decisions/028): a worker runs under its script's CSP, and the
 * API's `sandbox` would give it an opaque origin (no Cache Storage, no secure context). It may fetch and cache
 * this origin only, and run no other script.
 */
export const WORKER_CSP = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'";

/**
 * The CSP of the browsable API documentation (Swagger UI at /api/docs/ui, docs/decisions/024): its scripts and
 * styles from this origin only, no inline or evaluated script, calls to this origin only ("Try it out"), and
 * never framed, whatever EMBED_ORIGINS says. It allows less than the site's pages (no map tiles, no widget
 * script, no frames).
 */
export const API_DOCS_UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers every answer carries. These are what @fastify/helmet would set (HSTS, nosniff, a referrer
 * policy, cross-origin policies); written as one constant table because helmet's per-header middleware cost
 * about 30% of the throughput of content reads (measured, see docs/decisions/004).
 */
export const STATIC_SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
} as const;

/**
 * The till's reference page is a staff tool that holds its point's API key in a cookie: no partner may frame
 * it, so a framing page can never trick a cashier into clicking (clickjacking), whatever EMBED_ORIGINS says.
 */
function isStaffPage(url: string): boolean {
  return url === '/till' || url.startsWith('/till/') || url.startsWith('/till?');
}

/** The API documentation's page (`/api/docs/ui`, `/api/docs/ui/`, with a query or not). */
function isApiDocsUi(url: string): boolean {
  return url === '/api/docs/ui' || url.startsWith('/api/docs/ui/') || url.startsWith('/api/docs/ui?');
}

/**
 * Security headers of docs/design/security.md: the constant table above and a strict CSP; pages may be
 * framed only by the configured partners (and never with X-Frame-Options); API answers, and any answer whose
 * route sets no Cache-Control of its own, are no-store.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const csp = pageCsp(options);
  const unframeableCsp = pageCsp({ ...options, embedOrigins: [] });
  const pageCspFor = (url: string, reply: FastifyReply) => {
    const formOrigin = formOriginsOfReply.get(reply);
    if (formOrigin) return pageCsp({ ...options, formOrigins: [...(options.formOrigins ?? []), formOrigin] });
    return isApiDocsUi(url) ? API_DOCS_UI_CSP : isStaffPage(url) ? unframeableCsp : csp;
  };
  // A callback hook, not an async one: it runs on every response and costs less this way.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(STATIC_SECURITY_HEADERS);
    const type = reply.getHeader('content-type');
    const isPage = typeof type === 'string' && type.startsWith('text/html');
    const policy = isPage ? pageCspFor(request.url, reply) : request.url === '/sw.js' ? WORKER_CSP : API_CSP;
    reply.header('content-security-policy', policy);
    // Nothing is kept by a cache unless its route says so: API answers other than public content with an
    // ETag, and every answer whose route chose no policy (error pages, the cheque's 404, health).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * Fastify answers a malformed URL (400, FST_ERR_BAD_URL) and an over-long path parameter (414,
 * FST_ERR_MAX_PARAM_LENGTH) itself, before any route or hook runs, so the onSend hook above never sees them
 * and they would leave with none of the headers (and a body that echoes the path). Passed to Fastify as its
 * `frameworkErrors` option, this answers them like every other non-HTML answer: the same headers, `no-store`,
 * and the usual `{message, code}`.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  const [code, message] =
    status === 414
      ? ['URI_TOO_LONG', 'Слишком длинный адрес']
      : status < 500
        ? ['BAD_URL', 'Неверный адрес']
        : ['INTERNAL', 'Внутренняя ошибка сервера. Попробуйте позже.'];
  return reply
    .code(status)
    .headers(STATIC_SECURITY_HEADERS)
    .header('content-security-policy', API_CSP)
    .header('cache-control', 'no-store')
    .send({ message, code });
}

/** Node's parser errors we answer with a status of their own; anything else is a 400. */
const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'HEADERS_TOO_LARGE',
    'Слишком большие заголовки запроса',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'Запрос не пришёл целиком вовремя'],
};

/**
 * Node's HTTP parser refuses a request it cannot read (headers past its size limit, a malformed request line,
 * a timeout) before Fastify sees it, and Fastify's default answer carries none of the headers. Passed to Fastify
 * as `clientErrorHandler` (docs/decisions/047), this writes that answer with the same headers as every API answer,
 * `no-store`, and the usual `{message, code}`, then closes the connection (the parser cannot go on with it).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'BAD_REQUEST',
    'Запрос не читается',
  ];
  const body = JSON.stringify({ message, code });
  const headers: Record<string, string | number> = {
    ...STATIC_SECURITY_HEADERS,
    'content-security-policy': API_CSP,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${body}`);
}
