import { asc, eq } from 'drizzle-orm';
import type { PromoRow } from '#server/core/coupons/find';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { promoCodes } from '#server/db/schema/coupons';
import { csvText } from '#server/lib/csv';

const STATUS_TEXT = { free: 'свободен', held: 'на кассе', used: 'использован' } as const;

/**
 * A promo's codes as a CSV for Excel in Russia (';', UTF-8 with a byte-order mark, decision 028): the code, its
 * status, and for a personal coupon its member's phone. For printing, mailing or a partner's site; the codes are
 * the promo's secret, so only staff who read campaigns may take it.
 */
export async function promoCodesCsv(db: Db, promo: PromoRow): Promise<{ fileName: string; csv: string }> {
  const rows = await db
    .select({ code: promoCodes.code, status: promoCodes.status, phone: users.phone })
    .from(promoCodes)
    .leftJoin(users, eq(users.id, promoCodes.userId))
    .where(eq(promoCodes.promoId, promo.id))
    .orderBy(asc(promoCodes.createdAt), asc(promoCodes.code));
  const lines = ['Код;Статус;Телефон'];
  for (const row of rows) {
    lines.push([csvText(row.code), STATUS_TEXT[row.status], row.phone ? `+${row.phone}` : ''].join(';'));
  }
  return { fileName: `promo-codes-${promo.id.slice(0, 8)}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
