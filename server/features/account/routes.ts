import type { FastifyInstance } from 'fastify';
import { DELETION_CONFIRM_MINUTES } from '#common/contract/codes';
import { deleteMyAccount, exportMyData } from '#common/contract/account';
import { operatorDeleteMember } from '#common/contract/operator';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import { requireFreshConfirmation } from '#server/core/fresh-confirmation';
import { AppError } from '#server/errors';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { deleteAccount, deleteMemberByPhone } from './delete-account';
import { exportMyData as buildExport } from './export';

/** The customer's own data (docs/decisions/028): the copy, the deletion, and the operator's deletion by phone. */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, exportMyData, async (request) => {
    if (request.user.phone.startsWith('temp-'))
      throw new AppError('PHONE_LOGIN_REQUIRED', 'Войдите по номеру телефона');
    return buildExport(deps, request.user.userId);
  });
  registerEndpoint(app, deleteMyAccount, async (request) => {
    await requireFreshConfirmation(deps, request.user, DELETION_CONFIRM_MINUTES);
    await deleteAccount(deps, request.user.userId);
    return { code: 0 as const };
  });
  registerEndpoint(app, operatorDeleteMember, async (request) => {
    const { userId, result } = await deleteMemberByPhone(deps, request.body.phone);
    // The member's id, the reason and what was closed, never the phone: the log must not keep what the
    // deletion erased.
    await recordAudit(deps.db, auditActorOf(request), {
      action: 'member.delete',
      entity: 'member',
      entityId: userId,
      after: { ...result, reason: request.body.reason },
    });
    return result;
  });
}
