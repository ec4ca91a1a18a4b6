import type { Config } from '#server/config';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { currentConsents } from '#server/core/marketing/consent';
import { mayAdvertise, type AdvertisingVerdict } from '#server/core/marketing/may-advertise';
import { unsubscribeLink } from '#server/core/marketing/unsubscribe';
import type { ContentCache } from '#server/lib/content-cache';
import type { PushMessage } from './push-message';
import { sendPushToMember, type PushDelivery, type PushDeps, type PushOptions } from './push-sender';

export type AdvertisingPushDeps = PushDeps & {
  cache: ContentCache;
  config: PushDeps['config'] & Pick<Config, 'authSecret'>;
};

/** Refused by the gate (nothing sent), or what the send did. */
export type AdvertisingPushResult =
  | { sent: false; verdict: Exclude<AdvertisingVerdict, { allowed: true }> }
  | { sent: true; delivery: PushDelivery };

/**
 * An advertising push (an offer, a campaign, "we miss you"): only past `mayAdvertise` (decision 072: the
 * member's current consent to push, the brand's quiet hours in its time zone, the frequency cap), and with the
 * one-step withdrawal link `/u/<token>` as the notification's «Отписаться от рекламы» action. `recentSends`:
 * when this member's earlier advertising messages went, on any channel; the caller records this one for the
 * cap when `delivery.delivered > 0`. Urgency `low` and a TTL of 12 hours: an offer wakes no one on a low battery
 * and is not shown a week late.
 */
export async function sendAdvertisingPush(
  deps: AdvertisingPushDeps,
  memberId: string,
  message: PushMessage,
  recentSends: readonly Date[],
  options: Omit<PushOptions, 'unsubscribeUrl'> = {},
): Promise<AdvertisingPushResult> {
  const [consents, settings] = await Promise.all([
    currentConsents(deps.db, memberId),
    cachedBrandSettings(deps.db, deps.cache),
  ]);
  const verdict = mayAdvertise({ consents }, 'push', deps.clock.now(), settings, recentSends);
  if (!verdict.allowed) return { sent: false, verdict };
  const delivery = await sendPushToMember(deps, memberId, message, {
    urgency: 'low',
    ttlSeconds: 12 * 3600,
    ...options,
    unsubscribeUrl: unsubscribeLink(deps.config, memberId, 'push'),
  });
  return { sent: true, delivery };
}
