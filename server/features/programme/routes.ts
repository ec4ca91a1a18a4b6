import type { FastifyInstance } from 'fastify';
import { getBonusExpiry, getUserLevel } from '#common/contract/member-bonuses';
import * as contract from '#common/contract/programme';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { memberLevel } from '#server/core/earn/levels';
import { nextExpiry } from '#server/core/earn/lots';
import { localTime } from '#server/core/earn/local-time';
import { pendingSummary } from '#server/core/earn/pending';
import { toRoubles } from '#server/core/money';
import { auditActorOf } from '#server/core/audit';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { activeCampaigns, createCampaign, deleteCampaign, listCampaigns, updateCampaign } from './campaigns';
import { previewEarn } from './preview';

/**
 * The programme's rules (docs/decisions/027): the public list of running campaigns, the operator's campaigns
 * (audited: decision 026) and the earn preview.
 */
export function registerProgrammeRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, contract.getActiveCampaigns, async () => activeCampaigns(deps));
  registerEndpoint(app, getBonusExpiry, async (request) => {
    const { timeZone } = await cachedBrandSettings(deps.db, deps.cache);
    const [expiring, pending] = await Promise.all([
      nextExpiry(deps.db, request.user.userId, timeZone),
      pendingSummary(deps.db, request.user.userId),
    ]);
    return {
      expiring: expiring && { bonuses: toRoubles(expiring.amount), on: expiring.on },
      pending: pending && { bonuses: toRoubles(pending.amount), from: localTime(pending.from, timeZone).day },
    };
  });
  registerEndpoint(app, getUserLevel, async (request) => {
    const { levels } = await cachedBrandSettings(deps.db, deps.cache);
    return memberLevel(deps.db, levels, request.user.userId, deps.clock.now());
  });
  registerEndpoint(app, contract.listCampaigns, async () => listCampaigns(deps));
  registerEndpoint(app, contract.createCampaign, async (request) =>
    createCampaign(deps, request.body, auditActorOf(request)),
  );
  registerEndpoint(app, contract.updateCampaign, async (request) =>
    updateCampaign(deps, request.params.campaignId, request.body, auditActorOf(request)),
  );
  registerEndpoint(app, contract.deleteCampaign, async (request) =>
    deleteCampaign(deps, request.params.campaignId, auditActorOf(request)),
  );
  registerEndpoint(app, contract.earnPreview, async (request) => previewEarn(deps, request.body));
}
