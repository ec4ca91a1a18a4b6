import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import { localTime } from '#server/core/earn/local-time';
import { customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey } from '#server/db/posting-kinds';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { bonusLots } from '#server/db/schema/programme';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { calendarDay, formatBonuses, formatDay } from '#common/lib/format';

export type ExpiryDeps = Pick<AppDeps, 'db' | 'clock' | 'sms' | 'config'>;

const BATCH = 50;

/**
 * Posts what is left of each expired lot to the ledger (`bonus_expiry`: the customer's bonuses to
 * `bonus_expired`, key `bonus-expiry:<lot>`), soonest first, 50 at a time. Each lot in its own transaction that
 * first locks the customer's bonus account, the lock every posting takes before the ledger's trigger changes
 * lots: so the lot's remainder read after it is exact, a parallel spend waits (no deadlock: account, then lots,
 * always), and a second instance finds nothing left. The trigger takes the posting from that very lot (the
 * soonest to expire). Answers how many lots expired.
 */
export async function expireLots(deps: ExpiryDeps): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: bonusLots.id, userId: bonusLots.userId })
      .from(bonusLots)
      .where(
        and(
          gt(bonusLots.remaining, 0),
          isNotNull(bonusLots.expiresAt),
          lte(bonusLots.expiresAt, deps.clock.now()),
        ),
      )
      .orderBy(asc(bonusLots.expiresAt), asc(bonusLots.earnedAt), asc(bonusLots.id))
      .limit(BATCH);
    for (const lot of due) {
      const posted = await inTransaction(deps.db, async (tx) => {
        const accounts = await customerAccounts(tx, lot.userId);
        await tx
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.id, accounts.bonus))
          .for('no key update');
        const [current] = await tx
          .select({ remaining: bonusLots.remaining, restored: bonusLots.restored })
          .from(bonusLots)
          .where(eq(bonusLots.id, lot.id));
        if (!current || current.remaining <= 0) return false;
        await postTransaction(tx, {
          // A lot given back bonuses after it expired (decision 030) expires again, under a key of its own.
          idempotencyKey: current.restored
            ? postingKey('bonus_expiry', lot.id, current.restored)
            : postingKey('bonus_expiry', lot.id),
          kind: 'bonus_expiry',
          entries: transfer(accounts.bonus, SYSTEM_ACCOUNTS.bonus_expired, kopecks(current.remaining)),
        });
        return true;
      });
      if (posted) expired++;
    }
    if (due.length < BATCH) return expired;
  }
}

/**
 * The SMS warning: once per lot, `bonusExpiryWarnDays` before it expires, one message per customer and day
 * ("N бонусов сгорят DD.MM", with the year when it is not this year's). Lots are marked warned in the claiming statement (SKIP LOCKED), so two instances
 * never warn twice; a message the gateway refuses is not retried (the cabinet still shows it).
 */
export async function warnExpiringLots(deps: ExpiryDeps): Promise<number> {
  const settings = await readBrandSettings(deps.db);
  if (!settings.bonusExpiryDays) return 0;
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + settings.bonusExpiryWarnDays * 86_400_000);
  const claimed = await deps.db.execute<{ user_id: string; remaining: string; expires_at: string }>(sql`
    update ${bonusLots} set warned_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from ${bonusLots}
      where remaining > 0 and warned_at is null and expires_at is not null
        and expires_at <= ${horizon.toISOString()}::timestamptz and expires_at > ${now.toISOString()}::timestamptz
      for update skip locked)
    returning user_id, remaining::text, expires_at::text`);
  const byUser = new Map<string, { amount: number; first: Date }>();
  for (const row of (
    claimed as unknown as { rows: { user_id: string; remaining: string; expires_at: string }[] }
  ).rows) {
    const at = new Date(row.expires_at);
    const seen = byUser.get(row.user_id);
    if (seen) {
      seen.amount += Number(row.remaining);
      if (at < seen.first) seen.first = at;
    } else byUser.set(row.user_id, { amount: Number(row.remaining), first: at });
  }
  for (const [userId, { amount, first }] of byUser) {
    const [user] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    if (!user?.phone) continue;
    const day = formatDay(localTime(first, settings.timeZone).day, calendarDay(now, settings.timeZone));
    await deps.sms
      .send(user.phone, `${formatBonuses(amount / 100)} сгорят ${day}. Потратьте их в «${settings.title}»`)
      .catch(() => undefined);
  }
  return byUser.size;
}
