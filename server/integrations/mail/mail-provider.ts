/** One e-mail: plain text is enough for the operator's notices and the customer's cheques. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply should go (the visitor who wrote through the feedback form). */
  replyTo?: string;
  /** What the message is about: a second send with the same key sends nothing (a retried request). */
  dedupeKey?: string;
  /** Extra headers: an advertising e-mail's `List-Unsubscribe` and `List-Unsubscribe-Post` (decision 072). */
  headers?: Record<string, string>;
  /** A stable Message-ID (`<key@host>`): a message sent again after a crash carries the same one (decision 076). */
  messageId?: string;
}

/** Sends e-mail: the console provider (outbox) in development and tests, SMTP in production. */
export interface MailProvider {
  readonly name: 'console' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** `anna@example.ru` -> `a***@example.ru`: enough for a log line to be useful, not enough to identify. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
