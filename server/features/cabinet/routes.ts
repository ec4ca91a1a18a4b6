import type { FastifyInstance } from 'fastify';
import {
  activateCertificates,
  cabinetRegistration,
  editSession,
  editUser,
  getCertificates,
  getUserInfo,
  registerCard,
  sessionOperations,
  setActiveCard,
  userOperations,
} from '#common/contract/cabinet';
import type { AppDeps } from '#server/app-deps';
import { registerEndpoint } from '#server/lib/register-endpoint';
import * as cabinet from './service';

/** The personal cabinet: every call needs a logged-in customer and acts only on that customer's data. */
export function registerCabinetRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getUserInfo, async (request) => cabinet.loadUserInfo(deps.db, request.user.userId));
  registerEndpoint(app, registerCard, async (request) => {
    await cabinet.registerCard(deps, request.user.userId, request.body);
    return cabinet.loadUserInfo(deps.db, request.user.userId);
  });
  registerEndpoint(app, editUser, async (request) =>
    cabinet.editCabinetProfile(deps.db, request.user.userId, request.body),
  );
  registerEndpoint(app, editSession, async (request) => {
    await cabinet.editSessionProfile(deps.db, request.user.userId, request.body);
    return { code: 0 as const };
  });
  registerEndpoint(app, cabinetRegistration, async (request) => ({
    code: 0 as const,
    actual: await cabinet.recordCabinetSignIn(deps, request.user.userId),
  }));
  registerEndpoint(app, setActiveCard, async (request) => {
    await cabinet.setActiveCard(deps.db, request.user.userId, request.body.id);
    return { code: 0 as const };
  });
  registerEndpoint(app, userOperations, async (request) =>
    cabinet.listOperations(deps.readDb, request.user.userId, request.query.page),
  );
  registerEndpoint(app, sessionOperations, async (request) => {
    cabinet.assertOwnPhone(request.user.phone, request.body.phone);
    return cabinet.listOperations(deps.readDb, request.user.userId, request.body.page);
  });
  registerEndpoint(app, getCertificates, async (request) => {
    cabinet.assertOwnPhone(request.user.phone, request.body.phone);
    return { certificates: await cabinet.listCertificates(deps.db, request.user.phone) };
  });
  registerEndpoint(app, activateCertificates, async (request) => {
    cabinet.assertOwnPhone(request.user.phone, request.body.phone);
    return {
      code: 0 as const,
      certificates: await cabinet.activateCertificates(deps, request.user, request.body.ids),
    };
  });
}
