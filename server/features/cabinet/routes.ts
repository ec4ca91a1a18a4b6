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
} from '../../../common/contract/cabinet';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireUser } from '../auth/access';
import * as cabinet from './service';

/** The personal cabinet: every call needs a logged-in customer and acts only on that customer's data. */
export function registerCabinetRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getUserInfo, async (request) => {
    const user = await requireUser(deps, request);
    return cabinet.loadUserInfo(deps.db, user.userId);
  });
  registerEndpoint(app, registerCard, async (request) => {
    const user = await requireUser(deps, request);
    await cabinet.registerCard(deps, user.userId, request.body);
    return cabinet.loadUserInfo(deps.db, user.userId);
  });
  registerEndpoint(app, editUser, async (request) => {
    const user = await requireUser(deps, request);
    return cabinet.editCabinetProfile(deps.db, user.userId, request.body);
  });
  registerEndpoint(app, editSession, async (request) => {
    const user = await requireUser(deps, request);
    await cabinet.editSessionProfile(deps.db, user.userId, request.body);
    return { code: 0 as const };
  });
  registerEndpoint(app, cabinetRegistration, async (request) => {
    const user = await requireUser(deps, request);
    return { code: 0 as const, actual: await cabinet.recordCabinetSignIn(deps, user.userId) };
  });
  registerEndpoint(app, setActiveCard, async (request) => {
    const user = await requireUser(deps, request);
    await cabinet.setActiveCard(deps.db, user.userId, request.body.id);
    return { code: 0 as const };
  });
  registerEndpoint(app, userOperations, async (request) => {
    const user = await requireUser(deps, request);
    return cabinet.listOperations(deps.db, user.userId, request.query.page);
  });
  registerEndpoint(app, sessionOperations, async (request) => {
    const user = await requireUser(deps, request);
    cabinet.assertOwnPhone(user.phone, request.body.phone);
    return cabinet.listOperations(deps.db, user.userId, request.body.page);
  });
  registerEndpoint(app, getCertificates, async (request) => {
    const user = await requireUser(deps, request);
    cabinet.assertOwnPhone(user.phone, request.body.phone);
    return { certificates: await cabinet.listCertificates(deps.db, user.phone) };
  });
  registerEndpoint(app, activateCertificates, async (request) => {
    const user = await requireUser(deps, request);
    cabinet.assertOwnPhone(user.phone, request.body.phone);
    return {
      code: 0 as const,
      certificates: await cabinet.activateCertificates(deps, user, request.body.ids),
    };
  });
}
