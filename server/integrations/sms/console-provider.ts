import { randomUUID } from 'node:crypto';
import type { OutboxMessage } from '#common/contract/auth';
import type { Clock } from '#server/core/clock';
import { maskPhone, type SmsProvider } from './sms-provider';

/** How many messages the development outbox keeps (it lives in memory). */
const OUTBOX_LIMIT = 500;

export interface ConsoleSmsProvider extends SmsProvider {
  readonly name: 'console';
  /** Messages sent, newest first, optionally for one phone. */
  outbox(phone?: string): OutboxMessage[];
}

/**
 * The development provider: sends nothing, logs one line per message (without the text: it holds the code)
 * and keeps the message in an in-memory outbox that `GET /api/dev/outbox` shows.
 */
export function createConsoleSmsProvider(options: {
  clock: Clock;
  log: (line: string) => void;
}): ConsoleSmsProvider {
  const messages: OutboxMessage[] = [];
  return {
    name: 'console',
    async send(phone, text) {
      const code = /\b(\d{5})\b/.exec(text)?.[1] ?? null;
      messages.unshift({ phone, text, code, sentAt: options.clock.now().toISOString() });
      if (messages.length > OUTBOX_LIMIT) messages.length = OUTBOX_LIMIT;
      options.log(`SMS to ${maskPhone(phone)} queued`);
      return { providerId: `console-${randomUUID()}` };
    },
    outbox(phone) {
      return phone ? messages.filter((m) => m.phone === phone) : [...messages];
    },
  };
}

export function isConsoleSmsProvider(provider: SmsProvider): provider is ConsoleSmsProvider {
  return provider.name === 'console' && 'outbox' in provider;
}
