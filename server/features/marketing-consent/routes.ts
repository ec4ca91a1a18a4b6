import type { FastifyInstance } from 'fastify';
import {
  getMarketingConsent,
  getMemberConsent,
  setMarketingConsent,
  withdrawMemberConsent,
} from '#common/contract/marketing-consent';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf } from '#server/core/audit';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { cabinetConsent, memberConsent, switchConsent, withdrawForMember } from './consent-service';
import { registerUnsubscribePage } from './unsubscribe-page';

/** Consent to advertising (decision 072): the cabinet's switches, the console's view and withdrawal, `/u/<token>`. */
export function registerMarketingConsentRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getMarketingConsent, async (request) => cabinetConsent(deps.db, request.user.userId));
  registerEndpoint(app, setMarketingConsent, async (request) =>
    switchConsent(deps, request.user.userId, request.body.channel, request.body.granted),
  );
  registerEndpoint(app, getMemberConsent, async (request) => memberConsent(deps.db, request.params.userId));
  registerEndpoint(app, withdrawMemberConsent, async (request) =>
    withdrawForMember(deps, auditActorOf(request), request.params.userId, request.body.channels),
  );
  registerUnsubscribePage(app, deps);
}
