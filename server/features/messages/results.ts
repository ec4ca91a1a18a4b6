import { sql } from 'drizzle-orm';
import type { MessageResults } from '#common/contract/messages';
import type { Db } from '#server/db/client';
import { campaignView, loadCampaign } from './campaigns';

type Group = MessageResults['campaignGroup'];
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const n = (value: unknown) => Number(value ?? 0);

/**
 * A campaign's results by group (decision 076). Every member of a group counts in its audience, sent or not
 * (intent to treat: a member the gate skipped is still the campaign's), and their purchases count within
 * `attributionDays` after their message's moment — its send, or when its turn came (the control group: the start).
 * Delivered: SMS.ru's callback said so; an e-mail has no receipt, so an e-mail the relay took counts.
 */
export async function campaignResults(db: Db, campaignId: string): Promise<MessageResults> {
  const campaign = await loadCampaign(db, campaignId);
  const counts = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select grp, count(*) as audience,
        count(*) filter (where status in ('sent', 'delivered', 'undelivered')) as sent,
        count(*) filter (where status = 'delivered'
          or (status = 'sent' and ${campaign.channel} = 'email')) as delivered,
        count(*) filter (where status in ('skipped', 'failed', 'interrupted')) as skipped,
        count(*) filter (where status in ('queued', 'sending')) as waiting,
        count(*) filter (where clicked_at is not null) as clicked
      from messages where campaign_id = ${campaignId} group by grp`),
  );
  const bought = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select m.grp, count(distinct o.user_id) as buyers, count(o.id) as purchases,
        coalesce(sum(o.amount), 0) as revenue
      from messages m
      join operations o on o.user_id = m.user_id
        and o.occurred_at >= m.anchor_at
        and o.occurred_at < m.anchor_at + make_interval(days => ${campaign.attributionDays})
        and o.type in ('PAYMENT', 'CASHBACK') and o.state = 'PROCESSED'
      where m.campaign_id = ${campaignId} and m.anchor_at is not null
      group by m.grp`),
  );
  const reasons = rowsOf<{ reason: string; count: unknown }>(
    await db.execute(sql`
      select coalesce(reason, status) as reason, count(*) as count from messages
      where campaign_id = ${campaignId} and grp = 'campaign' and status in ('skipped', 'failed', 'interrupted')
      group by 1`),
  );
  const groupOf = (grp: string): Group => {
    const c = counts.find((r) => r.grp === grp) ?? {};
    const b = bought.find((r) => r.grp === grp) ?? {};
    const audience = n(c.audience);
    return {
      audience,
      sent: n(c.sent),
      delivered: n(c.delivered),
      skipped: n(c.skipped),
      waiting: n(c.waiting),
      clicked: n(c.clicked),
      buyers: n(b.buyers),
      purchases: n(b.purchases),
      revenue: n(b.revenue),
      conversion: audience ? n(b.buyers) / audience : 0,
      revenuePerMember: audience ? Math.round(n(b.revenue) / audience) : 0,
    };
  };
  const campaignGroup = groupOf('campaign');
  const controlGroup = groupOf('control');
  const hasControl = controlGroup.audience > 0;
  return {
    campaign: campaignView(campaign),
    campaignGroup,
    controlGroup,
    conversionLift: hasControl
      ? Math.round((campaignGroup.conversion - controlGroup.conversion) * 10_000) / 100
      : null,
    revenueLift: hasControl ? campaignGroup.revenuePerMember - controlGroup.revenuePerMember : null,
    skippedReasons: Object.fromEntries(reasons.map((r) => [r.reason, n(r.count)])),
  };
}
