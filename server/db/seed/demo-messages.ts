import { sql } from 'drizzle-orm';
import { changeConsent } from '#server/core/marketing/consent';
import type { Db } from '../client';
import { inTransaction } from '../in-transaction';
import { users } from '../schema/auth';
import { operations } from '../schema/cabinet';
import { messageCampaigns, messages } from '../schema/messages';

/**
 * The demo's messages (decision 076), so a new user opens «Рассылки» on a working example: a finished SMS
 * campaign with both groups' results (sent, delivered, clicks, purchases: the lift shows) and the «Мы скучаем»
 * trigger switched on. Its 32 members are DEMO DATA ONLY (phones 7900000100x–7900000103x, consent given at
 * «registration»). Seeded once, beside the demo customer by server/main.ts; never in the tests' template.
 */
const DAY_MS = 86_400_000;
const NAMES = [
  'Мария',
  'Ольга',
  'Елена',
  'Ирина',
  'Наталья',
  'Татьяна',
  'Светлана',
  'Юлия',
  'Пётр',
  'Игорь',
  'Дмитрий',
  'Сергей',
];
const CONTROL_PERCENT = 25;

/** The demo members, registered 200 days ago with consent to SMS. */
async function seedMembers(tx: Db, now: Date) {
  const members = await tx
    .insert(users)
    .values(
      Array.from({ length: 32 }, (_, i) => ({
        phone: `790000010${String(i).padStart(2, '0')}`,
        firstName: NAMES[i % NAMES.length]!,
        registeredAt: new Date(now.getTime() - 200 * DAY_MS),
        createdAt: new Date(now.getTime() - 200 * DAY_MS),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  const at = new Date(now.getTime() - 200 * DAY_MS);
  for (const m of members) {
    await changeConsent(tx, { userId: m.id, channel: 'sms', granted: true, source: 'registration', at });
  }
  return members;
}

/** The finished campaign: its messages, clicks and the purchases after it. */
async function seedFinishedCampaign(tx: Db, members: { id: string }[], now: Date) {
  const sentAt = new Date(now.getTime() - 10 * DAY_MS);
  const [campaign] = await tx
    .insert(messageCampaigns)
    .values({
      kind: 'campaign',
      name: 'Демо: двойные бонусы в выходные',
      channel: 'sms',
      template: '{имя}, в эти выходные бонусы ×2! У вас {баланс}. https://kopilka.example/actions',
      links: ['https://kopilka.example/actions'],
      controlPercent: CONTROL_PERCENT,
      attributionDays: 7,
      status: 'done',
      startedAt: sentAt,
      finishedAt: sentAt,
      sentCount: 0,
      createdAt: new Date(sentAt.getTime() - DAY_MS),
      updatedAt: sentAt,
    })
    .returning({ id: messageCampaigns.id });
  const id = campaign!.id;
  const ids = `{${members.map((m) => m.id).join(',')}}`;
  // The demo's control group is its first quarter, so the example reads the same every time.
  const held = sql`u = any(${`{${members
    .slice(0, members.length / 4)
    .map((m) => m.id)
    .join(',')}}`}::uuid[])`;
  await tx.execute(sql`
      insert into messages (campaign_id, user_id, grp, status, idempotency_key, link_code, not_before, anchor_at, provider_id, delivered_at, created_at)
      select ${id}::uuid, u, case when ${held} then 'control' else 'campaign' end,
        case when ${held} then 'control' else 'delivered' end,
        ${id}::text || ':' || u::text, substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
        ${sentAt.toISOString()}::timestamptz, ${sentAt.toISOString()}::timestamptz,
        case when ${held} then null else 'demo-' || u::text end,
        case when ${held} then null else ${sentAt.toISOString()}::timestamptz end,
        ${sentAt.toISOString()}::timestamptz
      from unnest(${ids}::uuid[]) as u`);
  const rows = await tx
    .select({ userId: messages.userId, grp: messages.grp })
    .from(messages)
    .where(sql`campaign_id = ${id}`);
  const sent = rows.filter((r) => r.grp === 'campaign');
  const control = rows.filter((r) => r.grp === 'control');
  await tx
    .update(messageCampaigns)
    .set({ sentCount: sent.length })
    .where(sql`id = ${id}`);
  // Half the campaign group clicked and bought; a quarter of the control group bought anyway.
  await tx.execute(sql`
      update messages set clicked_at = ${new Date(sentAt.getTime() + 3_600_000).toISOString()}::timestamptz
      where campaign_id = ${id} and grp = 'campaign' and user_id = any(${`{${sent
        .filter((_, i) => i % 2 === 0)
        .map((r) => r.userId)
        .join(',')}}`}::uuid[])`);
  const buyers = [...sent.filter((_, i) => i % 2 === 0), ...control.filter((_, i) => i % 4 === 0)];
  for (const [i, buyer] of buyers.entries()) {
    await tx.insert(operations).values({
      userId: buyer.userId,
      place: 'Демо-магазин',
      occurredAt: new Date(sentAt.getTime() + (1 + (i % 5)) * DAY_MS),
      amount: 120_000 + 15_000 * (i % 4),
      state: 'PROCESSED',
      type: 'CASHBACK',
    });
  }
}

/** «Мы скучаем» after 60 days without a purchase, switched on. */
async function seedLapsedTrigger(tx: Db, now: Date) {
  await tx.insert(messageCampaigns).values({
    kind: 'trigger',
    trigger: 'lapsed',
    lapsedDays: 60,
    name: 'Мы скучаем',
    channel: 'sms',
    template: '{имя}, мы скучаем! Заходите: у вас {баланс}. https://kopilka.example/',
    links: ['https://kopilka.example/'],
    controlPercent: 10,
    attributionDays: 14,
    status: 'active',
    startedAt: now,
    cursorAt: new Date(now.getTime() - 60 * DAY_MS),
    createdAt: now,
    updatedAt: now,
  });
}

export async function seedDemoMessages(db: Db, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ id: messageCampaigns.id }).from(messageCampaigns).limit(1);
  if (existing) return false;
  await inTransaction(db, async (tx) => {
    await seedFinishedCampaign(tx, await seedMembers(tx, now), now);
    await seedLapsedTrigger(tx, now);
  });
  return true;
}
