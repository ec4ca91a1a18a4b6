import type { BrandSettings } from '#common/contract/header';
import type { MarketingChannel } from '#common/lib/marketing-consent';
import { localTime, minuteOf } from '#server/core/earn/local-time';
import type { ConsentState } from './consent';

export type AdvertisingVerdict =
  { allowed: true } | { allowed: false; reason: 'no-consent' | 'quiet-hours' | 'frequency-cap' };

const DAY_MS = 86_400_000;

/** Whether `minute` (of the day) falls in the quiet hours [from, to), which may run across midnight. */
export function isQuietMinute(minute: number, quietFrom: string, quietTo: string): boolean {
  const from = minuteOf(quietFrom);
  const to = minuteOf(quietTo);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * The one gate every advertising message passes before it is sent (38-ФЗ art. 18, decision 072); pure, so the
 * sender calls it with what it read. In order: the member's current consent to the channel; the quiet hours in
 * the brand's time zone for SMS and push (an e-mail waits in the inbox, it wakes nobody); and the frequency cap:
 * fewer than `frequencyCap` advertising messages, on any channel, in the `frequencyDays` days before `now`.
 * `recentSends`: when the member's earlier advertising messages were sent. Service messages (login codes, gift
 * cards, cheques, expiry warnings) never come here.
 */
export function mayAdvertise(
  member: { consents: ConsentState },
  channel: MarketingChannel,
  now: Date,
  settings: Pick<BrandSettings, 'timeZone' | 'marketing'>,
  recentSends: readonly Date[],
): AdvertisingVerdict {
  if (!member.consents[channel]) return { allowed: false, reason: 'no-consent' };
  const rules = settings.marketing;
  if (channel !== 'email') {
    const { minute } = localTime(now, settings.timeZone);
    if (isQuietMinute(minute, rules.quietFrom, rules.quietTo))
      return { allowed: false, reason: 'quiet-hours' };
  }
  const since = now.getTime() - rules.frequencyDays * DAY_MS;
  const inWindow = recentSends.filter((at) => at.getTime() > since && at.getTime() <= now.getTime()).length;
  if (inWindow >= rules.frequencyCap) return { allowed: false, reason: 'frequency-cap' };
  return { allowed: true };
}
