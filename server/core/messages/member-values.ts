import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatBonuses } from '#common/lib/format';
import { nextExpiry } from '#server/core/earn/lots';
import { balancesOf } from '#server/core/ledger';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { promoCodes, promos } from '#server/db/schema/coupons';
import type { TemplateValues, TemplateVariable } from './template';

/** What a member's message is made of: the template's values and the addresses. */
export interface MessageMember {
  id: string;
  phone: string;
  email: string;
  firstName: string;
}

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const randomCode = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const dayText = (day: string) => day.split('-').reverse().join('.');

export async function messageMember(db: Db, userId: string): Promise<MessageMember | null> {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The member's personal coupon of the promo (decision 064's `promo_codes`): a free one already issued is reused,
 * so a message sent again, or a test send repeated, does not pile up codes; otherwise one is issued.
 */
export async function couponFor(db: Db, promoId: string, userId: string, now: Date): Promise<string> {
  const [free] = await db
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(and(eq(promoCodes.promoId, promoId), eq(promoCodes.userId, userId), eq(promoCodes.status, 'free')))
    .limit(1);
  if (free) return free.code;
  for (;;) {
    const [row] = await db
      .insert(promoCodes)
      .values({ promoId, code: randomCode(), userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ code: promoCodes.code });
    if (row) return row.code;
  }
}

/** Whether the promo exists and issues personal coupons. */
export async function isPersonalPromo(db: Db, promoId: string): Promise<boolean> {
  const [row] = await db.select({ kind: promos.kind }).from(promos).where(eq(promos.id, promoId));
  return row?.kind === 'personal';
}

/**
 * The values of the variables the template uses, read for the member (a coupon is issued only when `{купон}` is
 * used, and only with `issueCoupon`; the preview shows a sample code instead).
 */
export async function templateValues(
  db: Db,
  member: MessageMember,
  used: readonly TemplateVariable[],
  options: { timeZone: string; couponPromoId: string | null; issueCoupon: boolean; now: Date },
): Promise<Partial<TemplateValues>> {
  const values: Partial<TemplateValues> = { имя: member.firstName.trim() || 'друг' };
  if (used.includes('баланс'))
    values['баланс'] = formatBonuses((await balancesOf(db, member.id)).bonus / 100);
  if (used.includes('сгорает') || used.includes('дата_сгорания')) {
    const next = await nextExpiry(db, member.id, options.timeZone);
    values['сгорает'] = formatBonuses((next?.amount ?? 0) / 100);
    values['дата_сгорания'] = next ? dayText(next.on) : '—';
  }
  if (used.includes('купон') && options.couponPromoId) {
    values['купон'] = options.issueCoupon
      ? await couponFor(db, options.couponPromoId, member.id, options.now)
      : 'ABCD234567';
  }
  return values;
}
