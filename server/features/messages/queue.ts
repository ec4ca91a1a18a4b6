import { sql } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import { nextExpiry } from '#server/core/earn/lots';
import { localTime, minuteOf } from '#server/core/earn/local-time';
import { currentConsents } from '#server/core/marketing/consent';
import { mayAdvertise } from '#server/core/marketing/may-advertise';
import { messageMember, templateValues } from '#server/core/messages/member-values';
import { parseTemplate, renderTemplate, type ParsedTemplate } from '#server/core/messages/template';
import type { Db } from '#server/db/client';
import type { MessageChannelName } from '#server/db/schema/messages';
import type { Channels, MessageChannel } from './channels';

/** How the queue runs (decision 076): a run every 2 s; a claim older than the lease is a crashed run's. */
export const MESSAGE_QUEUE = { intervalMs: 2_000, leaseMs: 5 * 60_000 } as const;

export interface QueueDeps extends Pick<AppDeps, 'db' | 'clock' | 'config'> {
  channels: Channels;
}

interface Claimed {
  id: string;
  campaign_id: string;
  user_id: string;
  idempotency_key: string;
  link_code: string;
  template: string;
  subject: string;
  coupon_promo_id: string | null;
  trigger: string | null;
}

type BrandRules = Awaited<ReturnType<typeof readBrandSettings>>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const DAY_MS = 86_400_000;

/** The public address of a message's n-th link. */
export const shortLinkOf = (publicUrl: string, linkCode: string, index: number) =>
  `${publicUrl.replace(/\/+$/, '')}/r/${linkCode}${index}`;

/**
 * Claims due queued messages of one channel's running campaigns by `messages_due`, FOR UPDATE SKIP LOCKED, and
 * marks them `sending` in the same statement: from here on the row says "a provider may have been called".
 */
async function claim(db: Db, channel: MessageChannelName, now: Date, limit: number): Promise<Claimed[]> {
  const nowIso = now.toISOString();
  return rowsOf<Claimed>(
    await db.execute(sql`
      with claimed as (
        update messages m set status = 'sending', claimed_at = ${nowIso}::timestamptz
        where m.id in (
          select m1.id from messages m1
          join message_campaigns c on c.id = m1.campaign_id
          where m1.status = 'queued' and m1.not_before <= ${nowIso}::timestamptz
            and c.channel = ${channel} and c.status in ('sending', 'active')
          order by m1.not_before
          limit ${limit}
          for update of m1 skip locked)
        returning m.id, m.campaign_id, m.user_id, m.idempotency_key, m.link_code)
      select cl.*, c.template, c.subject, c.coupon_promo_id, c.trigger
      from claimed cl join message_campaigns c on c.id = cl.campaign_id`),
  );
}

/** Ends a message: its status, why, and the moment its purchases count from. */
async function settle(
  db: Db,
  id: string,
  status: string,
  reason: string | null,
  now: Date,
  providerId?: string | null,
) {
  await db.execute(sql`
    update messages set status = ${status}, reason = ${reason}, anchor_at = ${now.toISOString()}::timestamptz,
      provider_id = ${providerId ?? null}, claimed_at = null
    where id = ${id} and status = 'sending'`);
}

/** When the quiet hours end next, in the brand's zone (the message waits until then). */
function quietEnd(now: Date, rules: BrandRules): Date {
  const { minute } = localTime(now, rules.timeZone);
  const wait = (minuteOf(rules.marketing.quietTo) - minute + 1440) % 1440 || 1440;
  return new Date(now.getTime() + wait * 60_000);
}

async function recentSends(db: Db, userId: string, now: Date, days: number): Promise<Date[]> {
  const rows = rowsOf<{ anchor_at: string | Date }>(
    await db.execute(sql`
      select anchor_at from messages
      where user_id = ${userId} and status in ('sent', 'delivered', 'undelivered')
        and anchor_at > ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`),
  );
  return rows.map((r) => new Date(r.anchor_at));
}

/**
 * Reserves one message of the campaign's budget, atomically: false once the budget is spent, and then the
 * campaign stops (`budget`) and its queued messages are skipped.
 */
async function reserveBudget(db: Db, campaignId: string, now: Date): Promise<boolean> {
  const reserved = rowsOf(
    await db.execute(sql`
      update message_campaigns set sent_count = sent_count + 1
      where id = ${campaignId} and (budget_messages is null or sent_count < budget_messages)
      returning id`),
  );
  if (reserved.length > 0) return true;
  const nowIso = now.toISOString();
  await db.execute(sql`
    update message_campaigns set status = 'stopped', stop_reason = 'budget', finished_at = ${nowIso}::timestamptz
    where id = ${campaignId} and kind = 'campaign' and status = 'sending'`);
  await db.execute(sql`
    update messages set status = 'skipped', reason = 'budget', anchor_at = ${nowIso}::timestamptz
    where campaign_id = ${campaignId} and status = 'queued'`);
  return false;
}

/** One claimed message through the gate, the budget and the provider. */
async function sendOne(
  deps: QueueDeps,
  channel: MessageChannel,
  row: Claimed,
  rules: BrandRules,
  templates: Map<string, ParsedTemplate>,
) {
  const now = deps.clock.now();
  const member = await messageMember(deps.db, row.user_id);
  const address = member && channel.addressOf(member);
  if (!member || !address) return settle(deps.db, row.id, 'skipped', 'no-address', now);
  // «Bonuses expiring» (decision 081) held by the quiet hours: the member may have spent them since.
  if (row.trigger === 'expiring' && !(await nextExpiry(deps.db, member.id, rules.timeZone))) {
    return settle(deps.db, row.id, 'skipped', 'nothing-expires', now);
  }
  const consents = await currentConsents(deps.db, member.id);
  const recent = await recentSends(deps.db, member.id, now, rules.marketing.frequencyDays);
  const verdict = mayAdvertise({ consents }, channel.name, now, rules, recent);
  if (!verdict.allowed && verdict.reason === 'quiet-hours') {
    await deps.db.execute(sql`
      update messages set status = 'queued', claimed_at = null,
        not_before = ${quietEnd(now, rules).toISOString()}::timestamptz
      where id = ${row.id} and status = 'sending'`);
    return;
  }
  if (!verdict.allowed) return settle(deps.db, row.id, 'skipped', verdict.reason, now);
  if (!(await reserveBudget(deps.db, row.campaign_id, now))) {
    return settle(deps.db, row.id, 'skipped', 'budget', now);
  }
  const parsed = templates.get(row.template) ?? (parseTemplate(row.template) as ParsedTemplate);
  templates.set(row.template, parsed);
  const values = await templateValues(deps.db, member, parsed.variables, {
    timeZone: rules.timeZone,
    couponPromoId: row.coupon_promo_id,
    issueCoupon: true,
    now,
  });
  const text = renderTemplate(row.template, values, (n) =>
    shortLinkOf(deps.config.publicUrl, row.link_code, n),
  );
  try {
    const sent = await channel.send({
      member,
      subject: renderTemplate(row.subject, values, () => ''),
      text,
      idempotencyKey: row.idempotency_key,
      advertising: true,
    });
    await settle(deps.db, row.id, 'sent', null, deps.clock.now(), sent.providerId);
  } catch (error) {
    // The provider's reason, never the text (it may carry a coupon code).
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'provider error';
    await settle(deps.db, row.id, 'failed', reason, deps.clock.now());
  }
}

/**
 * A crashed run's messages (`sending` past the lease): an SMS is marked `interrupted` and never sent again (at
 * most once: SMS.ru takes no idempotency key); an e-mail goes back to the queue and is sent again under the same
 * Message-ID and dedupe key (at least once).
 */
export async function reconcileInterrupted(deps: QueueDeps): Promise<void> {
  const now = deps.clock.now();
  const stale = new Date(now.getTime() - MESSAGE_QUEUE.leaseMs).toISOString();
  for (const channel of Object.values(deps.channels)) {
    await deps.db.execute(sql`
      update messages m set
        status = ${channel.resendInterrupted ? 'queued' : 'interrupted'},
        reason = ${channel.resendInterrupted ? null : 'crash'}, claimed_at = null,
        anchor_at = ${channel.resendInterrupted ? null : now.toISOString()}::timestamptz
      from message_campaigns c
      where c.id = m.campaign_id and c.channel = ${channel.name}
        and m.status = 'sending' and m.claimed_at < ${stale}::timestamptz`);
  }
}

/** A campaign whose every message is settled is done. */
async function finishCampaigns(db: Db, now: Date) {
  await db.execute(sql`
    update message_campaigns c set status = 'done', finished_at = ${now.toISOString()}::timestamptz
    where c.status = 'sending' and not exists (
      select 1 from messages m where m.campaign_id = c.id and m.status in ('queued', 'sending'))`);
}

/**
 * One run of the queue: reconcile a crashed run's messages, then for each channel claim at most its rate and send
 * them one after another; finish the campaigns that have nothing left. Answers how many were claimed.
 */
export async function drainMessageQueue(deps: QueueDeps): Promise<number> {
  await reconcileInterrupted(deps);
  const rules = await readBrandSettings(deps.db);
  const templates = new Map<string, ParsedTemplate>();
  let claimed = 0;
  for (const channel of Object.values(deps.channels)) {
    const rows = await claim(deps.db, channel.name, deps.clock.now(), channel.perRun);
    claimed += rows.length;
    for (const row of rows) await sendOne(deps, channel, row, rules, templates);
  }
  await finishCampaigns(deps.db, deps.clock.now());
  return claimed;
}
