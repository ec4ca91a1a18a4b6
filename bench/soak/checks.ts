// After the storm: every acknowledged operation is in the database in its final state, the ledger invariants
// hold, and the limits held across both instances. Each finding is one line of `violations`.
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { AUTH_LIMITS } from '#server/features/auth/limits';
import { TEMPORARY_USERS_PER_HOUR } from '#server/features/auth/temporary-user';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { call } from './http';
import type { Acknowledged } from './storm';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function statesOf(db: Db, table: 'payment_drafts' | 'till_operations', ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = rowsOf<{ id: string; state: string }>(
    await db.execute(sql`select id::text, state from ${sql.identifier(table)} where id::text in ${ids}`),
  );
  return new Map(rows.map((r) => [r.id, r.state]));
}

export async function checkAfterwards(db: Db, acked: Acknowledged, bases: string[]): Promise<string[]> {
  const violations: string[] = [];
  await checkOperations(db, acked, violations);
  await checkSessions(acked, bases, violations);
  try {
    await assertLedgerInvariants(db);
  } catch (error) {
    violations.push(`ledger: ${(error as Error).message.split('\n')[0]}`);
  }

  await checkLimits(db, acked, violations);
  return violations;
}

/** Every acknowledged payment, gift-card order and till operation is in the database in its final state. */
async function checkOperations(db: Db, acked: Acknowledged, violations: string[]) {
  const missing = (what: string, id: string, found: string | undefined, want: string) => {
    if (found !== want)
      violations.push(`${what} ${id} acknowledged, but in the database: ${found ?? 'missing'}`);
  };

  const payments = [...acked.bonusPayments, ...acked.cardPayments];
  const drafts = await statesOf(db, 'payment_drafts', payments);
  for (const id of payments) missing('payment', id, drafts.get(id), 'completed');

  if (acked.giftCardOrders.length > 0) {
    const orders = rowsOf<{ id: string; state: string; cards: number }>(
      await db.execute(sql`
        select o.id::text, o.state, count(c.*)::int as cards from gift_card_orders o
        left join gift_cards c on c.order_id = o.id
        where o.id::text in ${acked.giftCardOrders} group by o.id, o.state`),
    );
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const id of acked.giftCardOrders) {
      const order = byId.get(id);
      missing(
        'gift-card order',
        id,
        order ? `${order.state}, ${order.cards} card(s)` : undefined,
        'paid, 1 card(s)',
      );
    }
  }

  const tillIds = [...acked.tillOperations.keys()];
  const till = await statesOf(db, 'till_operations', tillIds);
  for (const [id, state] of acked.tillOperations) missing('till operation', id, till.get(id), state);
}

async function checkSessions(acked: Acknowledged, bases: string[], violations: string[]) {
  // A session's latest acknowledged refresh token must still refresh (a rotation that was acknowledged and then
  // lost would refuse it, or revoke the session as a reuse).
  let i = 0;
  for (const session of acked.sessions.filter((s) => !s.unsure)) {
    const answer = await call(bases[i++ % bases.length]!, 'POST', '/api/auth/refresh', {
      json: { refresh: session.refresh },
    });
    if (answer.status !== 200) {
      violations.push(
        `session of ${session.phone.slice(0, 4)}…: its last refresh token answers ${answer.status}`,
      );
    }
  }
}

/** The login codes' and temporary users' limits held across both instances, counted in Redis. */
async function checkLimits(db: Db, acked: Acknowledged, violations: string[]) {
  for (const [phone, accepted] of acked.smsAccepted) {
    if (accepted > 1)
      violations.push(`phone …${phone.slice(-4)} got ${accepted} codes within the resend gap`);
  }
  const accepted = [...acked.smsAccepted.values()].reduce((a, b) => a + b, 0);
  if (accepted > AUTH_LIMITS.ipSendsPerWindow) {
    violations.push(
      `${accepted} codes sent to one address in the hour (limit ${AUTH_LIMITS.ipSendsPerWindow})`,
    );
  }
  const [sends] = rowsOf<{ total: number; phones: number; worst: number }>(
    await db.execute(sql`
      select count(*)::int as total, count(distinct phone)::int as phones,
        coalesce(max(n), 0)::int as worst
      from sms_sends, lateral (select count(*) as n from sms_sends s2
        where s2.phone = sms_sends.phone
          and s2.sent_at > sms_sends.sent_at - make_interval(secs => ${AUTH_LIMITS.resendGapMs / 1000})
          and s2.sent_at <= sms_sends.sent_at) gap`),
  );
  // More recorded than acknowledged is no fault (an answer lost in an outage); fewer is.
  if (sends && sends.total < accepted) {
    violations.push(`${accepted} code sends acknowledged, only ${sends.total} recorded in sms_sends`);
  }
  if (sends && sends.total > AUTH_LIMITS.ipSendsPerWindow) {
    violations.push(
      `sms_sends: ${sends.total} sends from one address (limit ${AUTH_LIMITS.ipSendsPerWindow})`,
    );
  }
  if (sends && sends.worst > 1) violations.push(`sms_sends: ${sends.worst} sends to one phone within 60 s`);
  if (acked.temporaryUsers > TEMPORARY_USERS_PER_HOUR) {
    violations.push(
      `${acked.temporaryUsers} temporary users from one address (limit ${TEMPORARY_USERS_PER_HOUR})`,
    );
  }
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from rate_limits`));
  if (counted && counted.n > 0) violations.push(`${counted.n} limits counted in the database, not in Redis`);
}
