import type { FastifyInstance } from 'fastify';
import {
  adjustMemberBonuses,
  endMemberSessions as endMemberSessionsEndpoint,
  getMember,
  getMemberHolds,
  listMemberOperations,
  searchMembers as searchMembersEndpoint,
  setMemberCardLock,
} from '#common/contract/members';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf } from '#server/core/audit';
import { phoneFor, seesWholePhones } from '#server/core/phones-shown';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { adjustBonuses, endMemberSessions, memberDetails, setCardLock } from './member-care';
import { memberHolds, memberOperations, memberProfile } from './member-page';
import { searchMembers } from './search';

/** Member care in the console (docs/decisions/026): support's work, every change audited. */
export function registerMemberRoutes(app: FastifyInstance, deps: AppDeps) {
  // A role that does not dial members sees their phones masked, and finds one by the whole number only:
  // a search by a phone's start would spell it out digit by digit (decision 047).
  registerEndpoint(app, searchMembersEndpoint, async (request) => {
    const whole = seesWholePhones(request.operator, 'members');
    const found = await searchMembers(deps.db, request.query.q, { phoneStart: whole });
    return found.map((m) => ({ ...m, phone: phoneFor(request.operator, 'members', m.phone) }));
  });
  registerEndpoint(app, getMember, async (request) => {
    const [details, profile] = await Promise.all([
      memberDetails(deps, request.params.userId),
      memberProfile(deps, request.params.userId),
    ]);
    return { ...details, phone: phoneFor(request.operator, 'members', details.phone), profile };
  });
  registerEndpoint(app, endMemberSessionsEndpoint, async (request) =>
    endMemberSessions(deps, auditActorOf(request), request.params.userId),
  );
  registerEndpoint(app, adjustMemberBonuses, async (request) =>
    adjustBonuses(deps, auditActorOf(request), request.params.userId, request.body),
  );
  registerEndpoint(app, setMemberCardLock, async (request) =>
    setCardLock(deps, auditActorOf(request), request.params.cardNum, request.body.locked),
  );
  registerEndpoint(app, getMemberHolds, async (request) => memberHolds(deps, request.params.userId));
  registerEndpoint(app, listMemberOperations, async (request) =>
    memberOperations(deps, request.params.userId, request.query),
  );
}
