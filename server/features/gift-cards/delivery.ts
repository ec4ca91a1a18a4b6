import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { giftCardDeliveries, giftCards } from '#server/db/schema/gift-cards';
import { formatMoney } from '#common/lib/format';
import { toRoubles } from '#server/core/money';
import { readBrandSettings } from '#server/core/brand-settings';
import { cardUrlOf } from './orders';

export type DeliveryDeps = Pick<AppDeps, 'db' | 'clock' | 'sms' | 'config'>;

/**
 * How the delivery job works (docs/decisions/017): a claimed row belongs to its claimer for `leaseMs`; a
 * claimer that died (a restart) leaves it to be claimed again after that. A refused send is retried after
 * the lease too, at most `maxAttempts` claims; then the row waits for an operator.
 */
export const DELIVERY = {
  intervalMs: 15_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  batch: 50,
} as const;

interface Claimed {
  id: string;
  card_id: string;
  phone: string;
}

/** PGlite answers `{rows}`, node-postgres a result with `rows` too; drizzle types them differently. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * One run of the delivery job: claims the due rows no one holds (`FOR UPDATE SKIP LOCKED`, and a claim is a
 * lease in `claimed_at`, so two instances or two overlapping runs never take the same row), sends each
 * recipient's SMS through the app's provider, then marks it sent, only while the claim is still this run's.
 * Answers how many SMS went out.
 */
export async function deliverDueGiftCards(
  deps: DeliveryDeps,
  options: { leaseMs?: number; maxAttempts?: number; batch?: number } = {},
): Promise<number> {
  const leaseMs = options.leaseMs ?? DELIVERY.leaseMs;
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const leaseStart = new Date(now.getTime() - leaseMs).toISOString();
  const claimed = rowsOf<Claimed>(
    await deps.db.execute(sql`
      update gift_card_deliveries d
      set claimed_at = ${nowIso}::timestamptz, attempts = d.attempts + 1
      where d.id in (
        select id from gift_card_deliveries
        where sent_at is null
          and send_at <= ${nowIso}::timestamptz
          and attempts < ${options.maxAttempts ?? DELIVERY.maxAttempts}
          and (claimed_at is null or claimed_at < ${leaseStart}::timestamptz)
        order by send_at
        limit ${options.batch ?? DELIVERY.batch}
        for update skip locked
      )
      returning d.id, d.card_id, d.phone`),
  );
  if (claimed.length === 0) return 0;
  const brand = (await readBrandSettings(deps.db)).title;
  const cards = await deps.db
    .select({
      id: giftCards.id,
      publicId: giftCards.publicId,
      name: giftCards.name,
      nominal: giftCards.nominal,
    })
    .from(giftCards)
    .where(
      inArray(
        giftCards.id,
        claimed.map((row) => row.card_id),
      ),
    );
  const byId = new Map(cards.map((card) => [card.id, card]));
  let sent = 0;
  for (const row of claimed) {
    const card = byId.get(row.card_id);
    if (!card) continue;
    // Still this run's claim: a run that outlived its lease does not overwrite the next claimer's result.
    const mine = and(
      eq(giftCardDeliveries.id, row.id),
      eq(giftCardDeliveries.claimedAt, now),
      isNull(giftCardDeliveries.sentAt),
    );
    try {
      await deps.sms.send(row.phone, smsText(deps, brand, card));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.db
        .update(giftCardDeliveries)
        .set({ lastError: message.slice(0, 500) })
        .where(mine);
      continue;
    }
    await deps.db.update(giftCardDeliveries).set({ sentAt: deps.clock.now(), lastError: null }).where(mine);
    sent += 1;
  }
  return sent;
}

/** The recipient's SMS: who it is from, the value and the card's link (the congratulation is on the page). */
export function smsText(
  deps: Pick<AppDeps, 'config'>,
  brand: string,
  card: { publicId: string; name: string; nominal: number },
): string {
  const greeting = card.name ? `${card.name}, вам` : 'Вам';
  return `${greeting} подарочная карта «${brand}» на ${formatMoney(toRoubles(card.nominal))}: ${cardUrlOf(deps, card.publicId)}`;
}
