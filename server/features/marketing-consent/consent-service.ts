import { and, eq, isNull } from 'drizzle-orm';
import {
  MARKETING_CONSENT_TEXT,
  MARKETING_CONSENT_VERSION,
  type MarketingChannel,
} from '#common/lib/marketing-consent';
import type { AppDeps } from '#server/app-deps';
import { recordAudit, type AuditActor } from '#server/core/audit';
import {
  changeConsent,
  consentHistory,
  currentConsents,
  withdrawChannels,
} from '#server/core/marketing/consent';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { notFound } from '#server/errors';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A member whose account still exists (a deleted one has withdrawn everything and changes no more). */
async function assertMember(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('Участник не найден');
}

/** `GET /api/user/marketing-consent`: the switches and the text they stand for. */
export async function cabinetConsent(db: Db, userId: string) {
  await assertMember(db, userId);
  return {
    channels: await currentConsents(db, userId),
    text: MARKETING_CONSENT_TEXT,
    version: MARKETING_CONSENT_VERSION,
  };
}

/** The cabinet's switch: the member gives or withdraws one channel; the same value again writes nothing. */
export async function switchConsent(deps: Deps, userId: string, channel: MarketingChannel, granted: boolean) {
  await assertMember(deps.db, userId);
  await inTransaction(deps.db, (tx) =>
    changeConsent(tx, { userId, channel, granted, source: 'cabinet', at: deps.clock.now() }),
  );
  return cabinetConsent(deps.db, userId);
}

/** The console's view: the current consent per channel and the whole history, newest first. */
export async function memberConsent(db: Db, userId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Участник не найден');
  return { channels: await currentConsents(db, userId), history: await consentHistory(db, userId) };
}

/**
 * Support records a withdrawal the member asked for by phone or in a shop (38-ФЗ art. 18 part 1: stop at once
 * on the recipient's demand). Audited with the channels it changed; support can never give consent.
 */
export async function withdrawForMember(
  deps: Deps,
  actor: AuditActor,
  userId: string,
  channels: readonly MarketingChannel[],
) {
  await assertMember(deps.db, userId);
  const staffId = actor.caller.kind === 'staff' ? actor.caller.staffId : null;
  await inTransaction(deps.db, async (tx) => {
    const changed = await withdrawChannels(
      tx,
      { userId, source: 'operator', at: deps.clock.now(), staffId },
      channels,
    );
    await recordAudit(tx, actor, {
      action: 'member.marketing-consent.withdraw',
      entity: 'member',
      entityId: userId,
      after: { requested: channels, withdrawn: changed },
    });
  });
  return memberConsent(deps.db, userId);
}
