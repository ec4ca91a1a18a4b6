import type { FastifyInstance } from 'fastify';
import * as contract from '#common/contract/messages';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf } from '#server/core/audit';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { createCampaign, listCampaigns, updateCampaign, type CampaignDeps } from './campaigns';
import { createChannels } from './channels';
import { previewMessage, testSend } from './preview';
import { campaignResults } from './results';
import { startCampaign, stopCampaign } from './start';
import { registerTrackingRoutes } from './tracking-routes';

/**
 * Messages to members (decision 076): campaigns and triggers, preview and test send, start and stop, results;
 * the short links and SMS.ru's callback. The queue's job is message-job.ts, started by server/main.ts.
 */
export function registerMessageRoutes(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'sms' | 'mail'>,
) {
  const campaignDeps: CampaignDeps = { ...deps, channels: createChannels(deps) };
  registerEndpoint(app, contract.listMessageCampaigns, async () => listCampaigns(deps.db));
  registerEndpoint(app, contract.createMessageCampaign, async (request) =>
    createCampaign(campaignDeps, request.body, auditActorOf(request)),
  );
  registerEndpoint(app, contract.updateMessageCampaign, async (request) =>
    updateCampaign(campaignDeps, request.params.campaignId, request.body, auditActorOf(request)),
  );
  registerEndpoint(app, contract.previewMessage, async (request) =>
    previewMessage(campaignDeps, request.params.campaignId, request.body.phone),
  );
  registerEndpoint(app, contract.testSendMessage, async (request) =>
    testSend(campaignDeps, request.params.campaignId, request.body.phone, auditActorOf(request)),
  );
  registerEndpoint(app, contract.startMessageCampaign, async (request) =>
    startCampaign(deps, request.params.campaignId, request.body.at, auditActorOf(request)),
  );
  registerEndpoint(app, contract.stopMessageCampaign, async (request) =>
    stopCampaign(deps, request.params.campaignId, auditActorOf(request)),
  );
  registerEndpoint(app, contract.messageResults, async (request) =>
    campaignResults(deps.db, request.params.campaignId),
  );
  registerTrackingRoutes(app, deps);
}
