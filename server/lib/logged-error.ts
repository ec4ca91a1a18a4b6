/*
 * An error as a log line carries it (the logger's `err` serializer: server/lib/logger.ts). A failed query's
 * error holds its parameters: Drizzle writes them into its message ("Failed query: …\nparams: 79001234567,…"),
 * the driver's error keeps them (`parameters`), PostgreSQL's `detail` repeats a refused row's values ("Key
 * (phone)=(79001234567) already exists") and its message quotes a refused value; a log then carried
 * recipients' phones and an invoice's download key (issue 26 item 7). So only named fields are kept, the SQL
 * text and the database's codes among them, and a database's message loses what it quotes (decision 050).
 */

/** Fields kept as they are: codes and names, never values. */
const KEPT = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
  'errno',
  'syscall',
] as const;

type ErrorLike = Error & Record<string, unknown>;

/** PostgreSQL's errors carry a five-character SQLSTATE; their messages quote the value they refuse. */
const isDatabaseError = (error: ErrorLike) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

function safeMessage(error: ErrorLike, fromQuery: boolean): string {
  let message = String(error.message ?? '');
  // Drizzle's wrapper: "Failed query: <sql>\nparams: <values>".
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = message.slice(0, params);
  if (fromQuery || isDatabaseError(error)) message = message.replace(/"[^"]*"/g, '"…"');
  return message;
}

/** What a log line carries of an error (the shape pino's `err` serializer returns). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function loggedError(error: Error, fromQuery = false, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const e = error as ErrorLike;
  const isQuery = typeof e.query === 'string';
  const message = safeMessage(e, fromQuery);
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message,
    // The stack's first line is "<type>: <message>", the original message with its parameters.
    stack: (e.stack ?? '').replace(String(e.message), message),
  };
  if (isQuery) out.query = e.query;
  for (const field of KEPT) if (e[field] !== undefined) out[field] = e[field];
  if (e.cause !== undefined && depth < 5) {
    out.cause =
      e.cause instanceof Error ? loggedError(e.cause, fromQuery || isQuery, depth + 1) : '[not an Error]';
  }
  return out;
}
