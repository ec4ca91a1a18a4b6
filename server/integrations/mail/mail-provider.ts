import { desc, eq } from 'drizzle-orm';
import type { MailMessage } from '../../../common/contract/loyalty';
import type { Clock } from '../../app-deps';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/payments';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  /** What the message is about: a second send with the same key sends nothing (a retried request). */
  dedupeKey?: string;
}

/** Sends e-mail (cheques). The console provider is the default; SMTP is not built yet. */
export interface MailProvider {
  readonly name: string;
  send(message: MailInput): Promise<void>;
}

export interface ConsoleMailProvider extends MailProvider {
  readonly name: 'console';
  /** Messages sent, newest first, optionally to one address. */
  outbox(to?: string): Promise<MailMessage[]>;
}

/**
 * The development provider: sends nothing, logs one line (the recipient's domain only) and keeps the message
 * in the database's outbox, which `GET /api/dev/mail?to=` shows (every instance sees the same outbox).
 */
export function createConsoleMailProvider(options: {
  db: Db;
  clock: Clock;
  log: (line: string) => void;
}): ConsoleMailProvider {
  return {
    name: 'console',
    async send(message) {
      await options.db
        .insert(mailOutbox)
        .values({ ...message, dedupeKey: message.dedupeKey ?? null, sentAt: options.clock.now() })
        .onConflictDoNothing({ target: mailOutbox.dedupeKey });
      options.log(`mail to *@${message.to.split('@')[1] ?? '?'} queued: ${message.subject}`);
    },
    async outbox(to) {
      const rows = await options.db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.sentAt))
        .limit(200);
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
