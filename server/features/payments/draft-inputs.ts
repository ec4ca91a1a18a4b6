import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { brandSettings } from '#server/db/schema/brand';
import { retailPoints } from '#server/db/schema/content';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { notFound } from '#server/errors';
import type { CustomerAccountKind } from '#server/core/ledger';
import { parseBrandSettingsText } from '#server/core/brand-settings';

const balanceOf = (kind: CustomerAccountKind) =>
  sql`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts}
    where ${ledgerAccounts.userId} = ${sql.placeholder('userId')} and ${ledgerAccounts.kind} = ${kind}), 0)`.mapWith(
    Number,
  );

const INPUTS = {
  point: retailPoints,
  bonus: balanceOf('bonus'),
  money: balanceOf('money'),
  // As text: the parse is skipped while the text is the one parsed last (parseBrandSettingsText).
  settings: sql<string | null>`(select ${brandSettings.settings}::text from ${brandSettings} limit 1)`,
  // The customer's active card blocked by support (decision 026): it neither earns nor spends.
  // (Written out: inside this select drizzle leaves columns unqualified, and `id` would be ambiguous.)
  cardLocked: sql<boolean>`coalesce((select c.locked from cards c join users u on u.active_card_id = c.id
    where u.id = ${sql.placeholder('userId')}), false)`.mapWith(Boolean),
};

/** Built once and named (decision 037): every shop draft reads it. */
const readInputs = prepared('payments_draft_inputs', INPUTS, (db) =>
  db
    .select(INPUTS)
    .from(retailPoints)
    .where(eq(retailPoints.id, sql.placeholder('retailPointId'))),
);

/**
 * What a shop draft is computed from, read in one query (one round trip on the money path, decision 021): the
 * point (404 if there is none), the customer's balances (as `balancesOf` answers them: 0 for an account not
 * created yet), the brand's settings (as `readBrandSettings`) and whether the active card is blocked.
 */
export async function draftInputs(db: Db, userId: string, retailPointId: number) {
  const [row] = await readInputs(db, { userId, retailPointId });
  if (!row) throw notFound('Точка не найдена');
  const balances: Record<CustomerAccountKind, number> = { bonus: row.bonus, money: row.money };
  return {
    point: row.point,
    balances,
    settings: parseBrandSettingsText(row.settings),
    cardLocked: row.cardLocked,
  };
}
