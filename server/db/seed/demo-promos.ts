import type { Db } from '../client';
import { promoCodes, promos } from '../schema/coupons';

/** The demo's shared promo code (decision 064): what a new user types at `/till` to see a coupon at work. */
export const DEMO_PROMO_CODE = 'ДЕМО10';

/** A shared code for 10% off the whole receipt (never the tobacco), with no limits, so the demo can repeat it. */
export async function seedDemoPromos(tx: Db, at = new Date()) {
  const [promo] = await tx
    .insert(promos)
    .values({
      title: 'Демо: скидка 10% по промокоду',
      kind: 'shared',
      effect: 'discount_percent',
      value: 10,
      createdAt: at,
    })
    .returning({ id: promos.id });
  await tx.insert(promoCodes).values({ promoId: promo!.id, code: DEMO_PROMO_CODE, createdAt: at });
}
