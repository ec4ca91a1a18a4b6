import { createHash } from 'node:crypto';
import { unsubscribeLink } from '#server/core/marketing/unsubscribe';
import type { AppDeps } from '#server/app-deps';
import { sendPushToMember } from '#server/integrations/push/push-sender';
import type { MessageChannel } from './channels';

/** The push's title when the campaign has no subject (a subject is asked only of e-mail). */
const DEFAULT_TITLE = 'Предложение для вас';

/**
 * Web push as a campaign's channel (decisions 076, 077). The queue has already asked `mayAdvertise` (consent to
 * push, quiet hours, the cap), so this sends through the service sender with the one-step unsubscribe as the
 * notification's action. The member's address is the member: their subscriptions are read at sending, and a
 * member with none (or whose every subscription failed) is a failed message with the reason, not a silent skip.
 * The notification opens the first of the message's links on the site (its tracked short link), else the home.
 * At least once on a crash, as e-mail: a push service keeps no idempotency key, but a repeated notification
 * with the same tag replaces the first on the device.
 */
export function pushChannel(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): MessageChannel {
  const site = new URL(deps.config.publicUrl).origin;
  return {
    name: 'push',
    perRun: 50,
    resendInterrupted: true,
    addressOf: (member) => member.id,
    async send(message) {
      const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(site));
      const delivery = await sendPushToMember(
        deps,
        message.member.id,
        {
          title: message.subject || DEFAULT_TITLE,
          body: message.text,
          url: link ?? '/',
          tag: tagOf(message.idempotencyKey),
        },
        message.advertising
          ? { unsubscribeUrl: unsubscribeLink(deps.config, message.member.id, 'push'), urgency: 'low' }
          : {},
      );
      if (delivery.delivered === 0) throw new Error(`push not delivered: ${delivery.status}`);
      return { providerId: null };
    },
  };
}

/** The notification's tag (at most 32 of [A-Za-z0-9_-], RFC 8030 Topic): the message's key, hashed. */
const tagOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);
