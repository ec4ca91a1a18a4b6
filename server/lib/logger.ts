import type { FastifyServerOptions } from 'fastify';
import { loggedError } from './logged-error';

/** Paths in logged objects that may hold a secret: they are replaced before a line is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.token',
  '*.refresh',
  '*.code',
  '*.password',
  '*.cardNum',
  '*.paymentToken',
  '*.verificationCode',
];

/** Query parameters and path parts that carry secrets (tokens, gift-card ids) are masked in logged URLs. */
export function maskUrl(url: string): string {
  return (
    url
      // q: the console's look-ups (a gift card's number or link, a member's phone).
      .replace(/([?&](?:token|refresh|code|orderId|d|k|q)=)[^&]*/gi, '$1***')
      .replace(/^(\/api\/operator\/gift-cards\/|\/api\/admin\/members\/cards\/)[^/?]+/i, '$1***')
      .replace(
        /^(\/(?:api\/)?gc\/(?:card\/)?)(?!(?:sale|result|endpayment|entity|images|create|payment|juridical|getcard|discount|invoice|card)(?:[/?]|$))[^/?]+/i,
        '$1***',
      )
  );
}

/** Structured JSON logs without secrets. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // A failed query's parameters (phones, keys) never reach a log: server/lib/logged-error.ts.
      err: (error: Error) => loggedError(error),
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: maskUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
