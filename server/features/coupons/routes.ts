import type { FastifyInstance } from 'fastify';
import * as contract from '#common/contract/coupons';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf } from '#server/core/audit';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { promoCodesCsv } from './export-csv';
import { promoCodesSheet } from './print-sheet';
import { generateCodes } from './generate';
import { issuePersonalCoupon, userCoupons } from './personal';
import { createPromo, listPromos, loadPromo } from './promos';
import { updatePromo } from './update-promo';

/**
 * Coupons and promo codes (decision 064): the marketer's promos and their codes in the console (the campaigns'
 * permissions), and the member's personal coupons. The till takes a code through server/core/coupons.
 */
export function registerCouponRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>) {
  registerEndpoint(app, contract.listPromos, async () => listPromos(deps.db));
  registerEndpoint(app, contract.createPromo, async (request) =>
    createPromo(deps.db, request.body, auditActorOf(request), deps.clock.now()),
  );
  registerEndpoint(app, contract.updatePromo, async (request) =>
    updatePromo(deps.db, request.params.promoId, request.body, auditActorOf(request)),
  );
  registerEndpoint(app, contract.generatePromoCodes, async (request) => {
    const promo = await loadPromo(deps.db, request.params.promoId);
    return generateCodes(deps.db, promo, request.body.count, auditActorOf(request), deps.clock.now());
  });
  registerEndpoint(app, contract.exportPromoCodes, async (request) =>
    promoCodesCsv(deps.db, await loadPromo(deps.db, request.params.promoId)),
  );
  registerEndpoint(app, contract.promoCodesSheet, async (request) =>
    promoCodesSheet(
      deps.db,
      await loadPromo(deps.db, request.params.promoId),
      Number(request.query.page ?? 1),
    ),
  );
  registerEndpoint(app, contract.issuePersonalCoupon, async (request) => {
    const promo = await loadPromo(deps.db, request.params.promoId);
    return issuePersonalCoupon(deps.db, promo, request.body.phone, auditActorOf(request), deps.clock.now());
  });
  registerEndpoint(app, contract.listUserCoupons, async (request) =>
    userCoupons(deps.db, request.user.userId),
  );
}
