import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandSettings } from '../../db/schema/brand';
import { retailPoints } from '../../db/schema/content';
import { ledgerAccounts } from '../../db/schema/ledger';
import { notFound } from '../../errors';
import type { CustomerAccountKind } from '../../core/ledger';
import { parseBrandSettings } from '../../core/brand-settings';

/**
 * What a shop draft is computed from, read in one query (one round trip on the money path, decision 021): the
 * point (404 if there is none), the customer's balances (as `balancesOf` answers them: 0 for an account not
 * created yet), the brand's settings (as `readBrandSettings`) and whether the active card is blocked.
 */
export async function draftInputs(db: Db, userId: string, retailPointId: number) {
  const balanceOf = (kind: CustomerAccountKind) =>
    sql`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts}
      where ${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.kind} = ${kind}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      point: retailPoints,
      bonus: balanceOf('bonus'),
      money: balanceOf('money'),
      settings: sql<unknown>`(select ${brandSettings.settings} from ${brandSettings} limit 1)`,
      // The customer's active card blocked by support (decision 026): it neither earns nor spends.
      // (Written out: inside this select drizzle leaves columns unqualified, and `id` would be ambiguous.)
      cardLocked: sql<boolean>`coalesce((select c.locked from cards c join users u on u.active_card_id = c.id
        where u.id = ${userId}), false)`.mapWith(Boolean),
    })
    .from(retailPoints)
    .where(eq(retailPoints.id, retailPointId));
  if (!row) throw notFound('Точка не найдена');
  const balances: Record<CustomerAccountKind, number> = { bonus: row.bonus, money: row.money };
  return {
    point: row.point,
    balances,
    settings: parseBrandSettings(row.settings),
    cardLocked: row.cardLocked,
  };
}
