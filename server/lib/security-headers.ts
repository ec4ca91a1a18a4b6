import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** Partner origins allowed to frame the site's pages (EMBED_ORIGINS); none means no framing at all. */
  embedOrigins: string[];
  /** Extra origins a page may load pictures from (a map tile server, the SBP bank logos). */
  imageOrigins?: string[];
  /** Where the browser may post forms or navigate frames (bank gateways). */
  formOrigins?: string[];
  /** Relaxed script rules for the development server's hot reload only. */
  development?: boolean;
}

/** The site's Content-Security-Policy: no inline script, nothing from elsewhere unless listed. */
export function pageCsp(options: SecurityHeaderOptions): string {
  const frameAncestors = options.embedOrigins.length ? options.embedOrigins.join(' ') : "'none'";
  const scriptSrc = options.development ? "'self' 'unsafe-inline' 'unsafe-eval'" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // React style attributes and the brand's colour variables are inline styles; scripts never are.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${(options.imageOrigins ?? []).join(' ')}`.trim(),
    `connect-src 'self'${options.development ? ' ws:' : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${(options.formOrigins ?? []).join(' ')}`.trim(),
    'frame-src https:',
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Security headers of ../shared/design/security.md: HSTS, nosniff, a referrer policy, a strict CSP; pages
 * may be framed only by the configured partners (and never with X-Frame-Options); API answers are no-store.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const csp = pageCsp(options);
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('content-security-policy', type.startsWith('text/html') ? csp : API_CSP);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
