import { eq } from 'drizzle-orm';
import type { Promo, PromoChange } from '#common/contract/coupons';
import { recordAudit, type AuditActor } from '#server/core/audit';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { promos } from '#server/db/schema/coupons';
import { notFound } from '#server/errors';
import { listPromos } from './promos';

/**
 * A promo changed once its codes are out (decision 064): its name, days, limits and pause, audited with the
 * before and after. Its kind, effect, value and category are not in the body: codes handed out promise them. A
 * lower total limit than the uses made stops further uses and takes none back.
 */
export async function updatePromo(
  db: Db,
  promoId: string,
  change: PromoChange,
  actor: AuditActor,
): Promise<Promo> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(promos).where(eq(promos.id, promoId)).for('update');
    if (!row) throw notFound('Акция с промокодами не найдена');
    const before = (await listPromos(tx)).find((promo) => promo.id === promoId)!;
    await tx.update(promos).set(change).where(eq(promos.id, promoId));
    const after = (await listPromos(tx)).find((promo) => promo.id === promoId)!;
    await recordAudit(tx, actor, {
      action: 'promo.update',
      entity: 'promo',
      entityId: promoId,
      before,
      after,
    });
    return after;
  });
}
