import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { readBrandSettings } from '#server/core/brand-settings';
import { campaignAudience } from '#server/core/messages/campaign-audience';
import { messageMember, templateValues, type MessageMember } from '#server/core/messages/member-values';
import { parseTemplate, renderTemplate, type ParsedTemplate } from '#server/core/messages/template';
import { users } from '#server/db/schema/auth';
import { auditLog } from '#server/db/schema/staff';
import { AppError, notFound } from '#server/errors';
import { loadCampaign, type CampaignRow } from './campaigns';
import { channelOf, smsParts, type Channels } from './channels';
import { shortLinkOf } from './queue';

export interface PreviewDeps extends Pick<AppDeps, 'db' | 'clock' | 'config'> {
  channels: Channels;
}

/** Test sends one staff member may make in an hour: enough to proof-read, too few to spam with. */
const TEST_SENDS_PER_HOUR = 20;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const SAMPLE: MessageMember = { id: '', phone: '', email: '', firstName: 'Анна' };

/** The member the preview shows: the one with `phone`, or the audience's first; none: a made-up «Анна». */
async function sampleMember(deps: PreviewDeps, campaign: CampaignRow, phone?: string) {
  if (phone) {
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (!row) throw notFound('Участника с таким телефоном нет');
    return messageMember(deps.db, row.id);
  }
  const [first] = rowsOf<{ id: string }>(
    await deps.db.execute(
      sql`${await campaignAudience(deps.db, campaign.segmentId, deps.clock.now())} limit 1`,
    ),
  );
  return first ? messageMember(deps.db, first.id) : null;
}

/** The text and subject for a member, without issuing a coupon (a sample code stands in). */
async function render(deps: PreviewDeps, campaign: CampaignRow, member: MessageMember | null) {
  const parsed = parseTemplate(campaign.template) as ParsedTemplate;
  const settings = await readBrandSettings(deps.db);
  const values = member?.id
    ? await templateValues(deps.db, member, parsed.variables, {
        timeZone: settings.timeZone,
        couponPromoId: campaign.couponPromoId,
        issueCoupon: false,
        now: deps.clock.now(),
      })
    : {
        имя: SAMPLE.firstName,
        баланс: '120 бонусов',
        сгорает: '40 бонусов',
        дата_сгорания: '31.12.2026',
        купон: 'ABCD234567',
      };
  const link = (n: number) => shortLinkOf(deps.config.publicUrl, '000000000000', n);
  return {
    text: renderTemplate(campaign.template, values, link),
    subject: renderTemplate(campaign.subject, values, () => ''),
  };
}

export async function previewMessage(deps: PreviewDeps, campaignId: string, phone?: string) {
  const campaign = await loadCampaign(deps.db, campaignId);
  const member = await sampleMember(deps, campaign, phone);
  const { text, subject } = await render(deps, campaign, member);
  return { text, subject, sample: member?.firstName || 'пример', smsParts: smsParts(text) };
}

/**
 * Sends the message, as the audience's first member would get it, to the staff member themself: an e-mail to their
 * own address; an SMS to the phone they give (staff accounts keep no phone). Capped per hour, audited with where
 * it went. Not advertising to a member, so no consent gate and no unsubscribe link.
 */
export async function testSend(
  deps: PreviewDeps,
  campaignId: string,
  phone: string | undefined,
  actor: AuditActor,
) {
  const campaign = await loadCampaign(deps.db, campaignId);
  const channel = channelOf(deps.channels, campaign.channel);
  const caller = actor.caller;
  if (caller.kind !== 'staff')
    throw new AppError('MESSAGE_INVALID', 'Тестовая отправка — из консоли сотрудника');
  const to = campaign.channel === 'sms' ? phone : caller.email;
  if (!to) throw new AppError('MESSAGE_INVALID', 'Укажите свой телефон для тестового SMS');
  const now = deps.clock.now();
  const [sent] = await deps.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'message.test-send'),
        eq(auditLog.actorId, caller.staffId),
        gte(auditLog.at, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if ((sent?.n ?? 0) >= TEST_SENDS_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', 'Не больше 20 тестовых отправок в час');
  }
  const { text, subject } = await render(deps, campaign, await sampleMember(deps, campaign));
  const self: MessageMember = { id: caller.staffId, phone: to, email: to, firstName: '' };
  try {
    await channel.send({
      member: self,
      subject,
      text,
      idempotencyKey: `test:${campaignId}:${now.getTime()}`,
      advertising: false,
    });
  } catch {
    throw new AppError('UNAVAILABLE', 'Не удалось отправить: провайдер не ответил. Попробуйте позже');
  }
  await recordAudit(
    deps.db,
    actor,
    {
      action: 'message.test-send',
      entity: 'message',
      entityId: campaignId,
      after: { channel: campaign.channel, to },
    },
    now,
  );
  return { sentTo: to };
}
