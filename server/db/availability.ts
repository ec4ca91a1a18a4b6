/**
 * Whether an error means the database could not be reached or went away mid-request (restart, failover, a cut
 * connection), rather than a fault of the request or of the code: such requests answer 503 and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …") with the original as its cause.
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // SQLSTATE class 08: connection exception; 57P01–57P03: the server is shutting down or starting up;
      // 53300: too many connections.
      if (/^08...$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
      if (NETWORK_CODES.has(code)) return true;
    }
    if (DRIVER_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** What node-postgres says when a connection dies or cannot be had (it sets no code on these). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
