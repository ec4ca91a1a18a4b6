import { desc, eq } from 'drizzle-orm';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { mailOutbox } from '#server/db/schema/payments';
import { maskEmail, type MailMessage, type MailProvider } from './mail-provider';

/** How many messages `GET /api/dev/mail` shows. */
const OUTBOX_LIMIT = 200;

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export interface ConsoleMailProvider extends MailProvider {
  readonly name: 'console';
  /** Messages sent, newest first, optionally to one address. */
  outbox(to?: string): Promise<SentMail[]>;
}

/**
 * The development provider: sends nothing, logs one line per message (the address masked, never the text) and
 * keeps the message in the database's outbox, so every instance shows the same `GET /api/dev/mail` and a
 * retried send with the same `dedupeKey` is kept once.
 */
export function createConsoleMailProvider(options: {
  db: Db;
  clock: Clock;
  log: (line: string) => void;
}): ConsoleMailProvider {
  return {
    name: 'console',
    async send(message: MailMessage) {
      await options.db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          dedupeKey: message.dedupeKey ?? null,
          sentAt: options.clock.now(),
        })
        .onConflictDoNothing({ target: mailOutbox.dedupeKey });
      options.log(`Mail to ${maskEmail(message.to)} queued`);
    },
    async outbox(to) {
      const rows = await options.db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.sentAt))
        .limit(OUTBOX_LIMIT);
      return rows.map((r) => ({
        to: r.to,
        subject: r.subject,
        text: r.text,
        sentAt: r.sentAt.toISOString(),
      }));
    },
  };
}

export function isConsoleMailProvider(provider: MailProvider): provider is ConsoleMailProvider {
  return provider.name === 'console' && 'outbox' in provider;
}
