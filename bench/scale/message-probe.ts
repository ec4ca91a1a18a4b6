import { eq, inArray, sql } from 'drizzle-orm';
import type { SegmentDefinition } from '#common/contract/segment-definition';
import { localTime } from '#server/core/earn/local-time';
import { changeConsent } from '#server/core/marketing/consent';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { messageCampaigns, messages } from '#server/db/schema/messages';
import { createChannels } from '#server/features/messages/channels';
import { runMessageJob } from '#server/features/messages/message-job';
import { phoneOf, type ScaleContext } from './context';
import { operatorCall } from './operator-calls';
import { perRow, timed, type Figure, type Probe } from './probe';

/**
 * A campaign to a few hundred members (decision 076). The generated members gave no consent to advertising, so
 * ~300 random members give it first (as the cabinet records it), and the campaign's segment is «SMS: consent
 * given». The campaign is made and started through the console's API and sent by the message job's runs over the
 * offline SMS provider until it is done; then the segment is deleted and the consents withdrawn, so a next run
 * finds the database as before. Two figures: the start, which writes the messages from the segment in one
 * statement, and the sending, each per message. A few hundred members with consent are found by the consents'
 * index, not by reading every member: a segment that reads every member costs the start what its count costs
 * (the segment rows, per 100,000 members), once per campaign.
 */

const AUDIENCE = Number(process.env.BENCH_SCALE_DUE ?? 300);
const TZ = 'Europe/Moscow';
const DEFINITION: SegmentDefinition = {
  match: 'all',
  conditions: [{ field: 'consent', channel: 'sms', granted: true }],
};
const TEMPLATE = '{имя}, у вас {баланс}; {сгорает} сгорят {дата_сгорания}. Ждём вас!';

/** Today's (or yesterday's) noon in the brand's zone: outside the quiet hours, not in the future. */
function lastNoon(now: Date): Date {
  const { minute } = localTime(now, TZ);
  const back = minute >= 720 ? minute - 720 : minute + 720;
  return new Date(now.getTime() - back * 60_000);
}

async function randomMembers(ctx: ScaleContext): Promise<string[]> {
  const numbers = new Set<number>();
  while (numbers.size < AUDIENCE) numbers.add(1 + Math.floor(Math.random() * ctx.params.members));
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.phone, [...numbers].map(phoneOf)));
  return rows.map((r) => r.id);
}

async function consent(ctx: ScaleContext, ids: string[], granted: boolean) {
  for (const userId of ids) {
    await inTransaction(ctx.db, (tx) =>
      changeConsent(tx, { userId, channel: 'sms', granted, source: 'cabinet', at: ctx.clock.now() }),
    );
  }
}

/** The message job's runs until the campaign is done: answers the runs. */
async function sendAll(ctx: ScaleContext, campaignId: string): Promise<number> {
  const deps = {
    db: ctx.deps.db,
    clock: ctx.clock,
    config: ctx.deps.config,
    channels: createChannels(ctx.deps),
  };
  for (let runs = 1; ; runs++) {
    await runMessageJob(deps);
    const [campaign] = await ctx.db
      .select({ status: messageCampaigns.status })
      .from(messageCampaigns)
      .where(eq(messageCampaigns.id, campaignId));
    if (campaign!.status === 'done') return runs;
    if (runs > AUDIENCE) throw new Error(`the campaign is still ${campaign!.status} after ${runs} runs`);
  }
}

async function campaignFigures(ctx: ScaleContext, segmentId: string): Promise<Figure[]> {
  const campaign = await operatorCall<{ id: string }>(ctx, 'POST', '/api/operator/messages', {
    name: `Бенч ${new Date().toISOString()}`,
    channel: 'sms',
    segmentId,
    template: TEMPLATE,
    controlPercent: 0,
  });
  const start = () => operatorCall(ctx, 'POST', `/api/operator/messages/${campaign.id}/start`, {});
  const [started] = await timed(start);
  const [took, runs] = await timed(() => sendAll(ctx, campaign.id));
  const { rows } = (await ctx.db.execute(sql`
    select count(*) filter (where status = 'sent')::int as sent, count(*)::int as written
    from ${messages} where campaign_id = ${campaign.id}`)) as unknown as {
    rows: Array<{ sent: number; written: number }>;
  };
  const { sent, written } = rows[0]!;
  if (sent < written) throw new Error(`${written - sent} of ${written} messages were not sent`);
  const sending = perRow('message sending', took, sent);
  return [
    {
      figure: 'campaign start (its messages written from the segment)',
      value: started / Math.max(written, 1),
      unit: 'ms per message written',
      detail: `${written} messages in ${started.toFixed(0)} ms`,
    },
    { ...sending, unit: 'ms per message sent', detail: `${sending.detail}, ${runs} runs of the job` },
  ];
}

export const messageSending: Probe = {
  id: 'messages',
  once: true,
  async run(ctx) {
    ctx.clock.at = lastNoon(new Date());
    const ids = await randomMembers(ctx);
    try {
      await consent(ctx, ids, true);
      const segment = await operatorCall<{ id: string }>(ctx, 'POST', '/api/operator/segments', {
        name: `Бенч: согласие на SMS ${new Date().toISOString()}`,
        definition: DEFINITION,
      });
      try {
        return await campaignFigures(ctx, segment.id);
      } finally {
        await operatorCall(ctx, 'DELETE', `/api/operator/segments/${segment.id}`);
      }
    } finally {
      await consent(ctx, ids, false);
      ctx.clock.at = null;
    }
  },
};
