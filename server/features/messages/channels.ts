import type { AppDeps } from '#server/app-deps';
import { emailUnsubscribeHeaders, unsubscribeLink } from '#server/core/marketing/unsubscribe';
import type { MessageMember } from '#server/core/messages/member-values';
import type { MessageChannelName } from '#server/db/schema/messages';
import { AppError } from '#server/errors';
import { pushChannel } from './push-channel';

/** One message as a channel sends it: the rendered text, the member it is for, the key it is sent under. */
export interface OutgoingMessage {
  member: MessageMember;
  subject: string;
  text: string;
  idempotencyKey: string;
  /** An advertising message carries its one-step unsubscribe (decision 072); a test send to staff does not. */
  advertising: boolean;
}

/**
 * A way to reach a member (decision 076): SMS, e-mail, and web push (`push-channel.ts`, decision 077).
 */
export interface MessageChannel {
  readonly name: MessageChannelName;
  /** The provider's rate: at most this many messages per run of the queue (one run every `intervalMs`). */
  readonly perRun: number;
  /**
   * What a crash between "sending" and the provider's answer leaves: `false` (SMS) — the message is marked
   * interrupted and never sent again (at most once); `true` (e-mail) — it is sent again under the same
   * Message-ID (at least once).
   */
  readonly resendInterrupted: boolean;
  /** The member's address on this channel, or null: the message is skipped. */
  addressOf(member: MessageMember): string | null;
  send(message: OutgoingMessage): Promise<{ providerId: string | null }>;
}

type ChannelDeps = Pick<AppDeps, 'sms' | 'mail' | 'config' | 'db' | 'clock'>;

/** Whether a person reads the text in one SMS part: 70 characters of Cyrillic (UCS-2) or 160 of GSM-7 Latin. */
export function smsParts(text: string): number {
  const unicode = /[^\x20-\x7e\n\r]/.test(text);
  const [single, multi] = unicode ? [70, 67] : [160, 153];
  return text.length <= single ? 1 : Math.ceil(text.length / multi);
}

function smsChannel(deps: ChannelDeps): MessageChannel {
  return {
    name: 'sms',
    perRun: 20,
    resendInterrupted: false,
    addressOf: (member) => (/^7\d{10}$/.test(member.phone) ? member.phone : null),
    async send(message) {
      const text = message.advertising
        ? `${message.text} Отписаться: ${unsubscribeLink(deps.config, message.member.id, 'sms')}`
        : message.text;
      const accepted = await deps.sms.send(message.member.phone, text);
      return { providerId: accepted?.providerId ?? null };
    },
  };
}

function emailChannel(deps: ChannelDeps): MessageChannel {
  const host = new URL(deps.config.publicUrl).hostname;
  return {
    name: 'email',
    perRun: 50,
    resendInterrupted: true,
    addressOf: (member) => (member.email.includes('@') ? member.email : null),
    async send(message) {
      const link = unsubscribeLink(deps.config, message.member.id, 'email');
      await deps.mail.send({
        to: message.member.email,
        subject: message.subject,
        text: message.advertising ? `${message.text}\n\n—\nОтписаться от рассылки: ${link}` : message.text,
        dedupeKey: `message:${message.idempotencyKey}`,
        messageId: `<${message.idempotencyKey}@${host}>`,
        ...(message.advertising && { headers: emailUnsubscribeHeaders(deps.config, message.member.id) }),
      });
      return { providerId: null };
    },
  };
}

export type Channels = Partial<Record<MessageChannelName, MessageChannel>>;

/** The channels this deployment sends through; web push only where it is on (PUSH_ENABLED, decision 077). */
export function createChannels(deps: ChannelDeps): Channels {
  return {
    sms: smsChannel(deps),
    email: emailChannel(deps),
    ...(deps.config.pushEnabled && { push: pushChannel(deps) }),
  };
}

/** The channel, or a 400 for one switched off here (web push with PUSH_ENABLED=false). */
export function channelOf(channels: Channels, name: MessageChannelName): MessageChannel {
  const channel = channels[name];
  if (!channel) throw new AppError('MESSAGE_INVALID', 'Web push на этой установке выключен');
  return channel;
}
