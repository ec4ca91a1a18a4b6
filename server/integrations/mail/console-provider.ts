import type { Clock } from '../../app-deps';
import { maskEmail, type MailMessage, type MailProvider } from './mail-provider';

/** How many messages the development mail outbox keeps (it lives in memory). */
const OUTBOX_LIMIT = 200;

export interface SentMail extends MailMessage {
  sentAt: string;
}

export interface ConsoleMailProvider extends MailProvider {
  readonly name: 'console';
  /** Messages sent, newest first, optionally to one address. */
  outbox(to?: string): SentMail[];
}

/**
 * The development provider: sends nothing, logs one line per message (the address masked, never the text) and
 * keeps the message for `GET /api/dev/mail`.
 */
export function createConsoleMailProvider(options: {
  clock: Clock;
  log: (line: string) => void;
}): ConsoleMailProvider {
  const messages: SentMail[] = [];
  return {
    name: 'console',
    async send(message) {
      messages.unshift({ ...message, sentAt: options.clock.now().toISOString() });
      if (messages.length > OUTBOX_LIMIT) messages.length = OUTBOX_LIMIT;
      options.log(`Mail to ${maskEmail(message.to)} queued`);
    },
    outbox(to) {
      const wanted = to?.toLowerCase();
      return wanted ? messages.filter((m) => m.to.toLowerCase() === wanted) : [...messages];
    },
  };
}

export function isConsoleMailProvider(provider: MailProvider): provider is ConsoleMailProvider {
  return provider.name === 'console' && 'outbox' in provider;
}
