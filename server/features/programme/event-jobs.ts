import { formatBonuses } from '#common/lib/format';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import { creditEventBonuses } from '#server/core/earn/events';
import { localTime } from '#server/core/earn/local-time';
import { phoneKey } from '#server/core/earn/phone-key';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';

export type EventDeps = Pick<AppDeps, 'db' | 'clock' | 'sms' | 'config'>;

const BATCH = 100;
export const REFERRER_PLACE = 'Бонус за приглашённого друга';
export const FRIEND_PLACE = 'Бонус за приглашение';
export const BIRTHDAY_PLACE = 'Бонус ко дню рождения';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The referral reward (decisions 027, 046): a customer registered with a referrer's card number whose purchase
 * of at least `referralMinPurchase` roubles has completed (a processed payment or till accrual) earns the
 * referrer `referralBonus` (for at most `referralMaxFriends` friends) and themselves `referralFriendBonus`.
 * Once per friend's phone (ledger key `referral:<phone key>`, as the welcome bonus), so deleting the account and
 * registering the phone again earns nothing more; a temporary payer (no phone) is never a friend. Each
 * customer is settled once (`referral_settled_at`), rewarded or not, so the job never reads them again.
 * A job rather than a step of every payment keeps the money path free of it; a minute's delay is no harm.
 */
export async function rewardReferrals(deps: EventDeps): Promise<number> {
  const settings = await readBrandSettings(deps.db);
  if (settings.referralBonus <= 0 && settings.referralFriendBonus <= 0) return 0;
  const minPurchase = Math.max(1, settings.referralMinPurchase * 100);
  const due = rowsOf<{ user_id: string; phone: string; referrer_user_id: string }>(
    await deps.db.execute(sql`
      select u.id as user_id, u.phone, c.user_id as referrer_user_id from users u
      join cards c on c.card_num = u.referrer_id and c.user_id <> u.id
      join users r on r.id = c.user_id and r.deleted_at is null
      where u.referrer_id is not null and u.registered_at is not null and u.deleted_at is null
        and u.referral_settled_at is null and u.phone not like 'temp-%'
        and not exists (select 1 from ledger_transactions t where t.idempotency_key = 'referral:' || u.id::text)
        and exists (select 1 from operations o where o.user_id = u.id and o.state = 'PROCESSED'
          and o.type in ('PAYMENT', 'CASHBACK') and o.amount >= ${minPurchase})
      limit ${BATCH}`),
  );
  let rewarded = 0;
  for (const row of due) {
    if (await settleReferral(deps, row, settings)) rewarded++;
  }
  return rewarded;
}

/**
 * One friend's referral, in one transaction under both customers' row locks (taken in id order, so two
 * instances, or a friend who is also a referrer, never deadlock): the referrer's cap counted, the credits
 * posted under the phone's key, the friend marked settled whatever the outcome.
 */
async function settleReferral(
  deps: EventDeps,
  row: { user_id: string; phone: string; referrer_user_id: string },
  settings: { referralBonus: number; referralFriendBonus: number; referralMaxFriends: number },
): Promise<boolean> {
  return inTransaction(deps.db, async (tx) => {
    const locked = rowsOf<{ id: string; phone: string; settled: boolean; deleted: boolean }>(
      await tx.execute(sql`
        select id, phone, referral_settled_at is not null as settled, deleted_at is not null as deleted from users
        where id in (${row.user_id}::uuid, ${row.referrer_user_id}::uuid) order by id for update`),
    );
    // Read again under the lock: another instance settled it, or the account was deleted since.
    const friend = locked.find((u) => u.id === row.user_id);
    if (!friend || friend.settled || friend.deleted) return false;
    const [counted] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from operations
        where user_id = ${row.referrer_user_id}::uuid and type = 'DEPOSIT' and place = ${REFERRER_PLACE}`),
    );
    const underCap = (counted?.n ?? 0) < settings.referralMaxFriends;
    const now = deps.clock.now();
    const posted = await creditEventBonuses(tx, {
      key: `referral:${phoneKey(deps.config.authSecret, friend.phone)}`,
      kind: 'referral_bonus',
      now,
      credits: [
        {
          userId: row.referrer_user_id,
          amount: underCap ? settings.referralBonus * 100 : 0,
          place: REFERRER_PLACE,
        },
        { userId: row.user_id, amount: settings.referralFriendBonus * 100, place: FRIEND_PLACE },
      ],
    });
    await tx.update(users).set({ referralSettledAt: now }).where(eq(users.id, row.user_id));
    return posted;
  });
}

/**
 * The birthday bonus (decision 027): on the customer's birthday in the brand's calendar (29 February on the 28th
 * in other years), `birthdayBonus` once a year and an SMS. The ledger key is the phone's HMAC (decision 030:
 * `birthday:<phone key>:<year>`), so a deleted and re-registered phone gets no second one that year; the
 * customer-id key used before is still honoured. The keys cannot be computed in SQL, so the day's customers
 * are read in pages by id and the ones already credited skipped.
 */
export async function birthdayBonuses(deps: EventDeps): Promise<number> {
  const settings = await readBrandSettings(deps.db);
  if (settings.birthdayBonus <= 0) return 0;
  const today = localTime(deps.clock.now(), settings.timeZone).day;
  const year = Number(today.slice(0, 4));
  const monthDay = today.slice(5);
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  const days = monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay];
  let credited = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await birthdaysAfter(deps, days, after);
    const last = page.at(-1);
    if (!last) break;
    after = last.id;
    const keyed = page.map((user) => ({
      user,
      key: `birthday:${phoneKey(deps.config.authSecret, user.phone)}:${year}`,
    }));
    const done = await postedKeys(deps, [
      ...keyed.map((k) => k.key),
      ...page.map((u) => `birthday:${u.id}:${year}`),
    ]);
    for (const { user, key } of keyed) {
      if (done.has(key) || done.has(`birthday:${user.id}:${year}`)) continue;
      if (await creditBirthday(deps, user, key, settings)) credited++;
    }
    if (page.length < BATCH) break;
  }
  return credited;
}

interface BirthdayUser {
  id: string;
  phone: string;
  first_name: string;
}

const birthdaysAfter = async (deps: EventDeps, days: string[], after: string) =>
  rowsOf<BirthdayUser>(
    await deps.db.execute(sql`
      select id, phone, first_name from users
      where birth_date is not null and registered_at is not null and deleted_at is null and id > ${after}::uuid
        and to_char(birth_date, 'MM-DD') in (${sql.join(
          days.map((d) => sql`${d}`),
          sql`, `,
        )})
      order by id limit ${BATCH}`),
  );

async function postedKeys(deps: EventDeps, keys: string[]): Promise<Set<string>> {
  const rows = rowsOf<{ idempotency_key: string }>(
    await deps.db.execute(
      sql`select idempotency_key from ledger_transactions where idempotency_key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    ),
  );
  return new Set(rows.map((r) => r.idempotency_key));
}

async function creditBirthday(
  deps: EventDeps,
  user: BirthdayUser,
  key: string,
  settings: { birthdayBonus: number; title: string },
): Promise<boolean> {
  const posted = await inTransaction(deps.db, (tx) =>
    creditEventBonuses(tx, {
      key,
      kind: 'birthday_bonus',
      now: deps.clock.now(),
      credits: [{ userId: user.id, amount: settings.birthdayBonus * 100, place: BIRTHDAY_PLACE }],
    }),
  );
  if (!posted) return false;
  const name = user.first_name ? `${user.first_name}, с` : 'С';
  // The bonus is posted whatever the gateway says; a refused SMS is not retried.
  await deps.sms
    .send(
      user.phone,
      `${name} днём рождения! ${formatBonuses(settings.birthdayBonus)} в подарок от «${settings.title}»`,
    )
    .catch(() => undefined);
  return true;
}
