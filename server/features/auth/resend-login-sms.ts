import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resendMemberLoginSms } from '../../../common/contract/members';
import type { AppDeps } from '../../app-deps';
import { auditActorOf, recordAudit } from '../../core/audit';
import { users } from '../../db/schema/auth';
import { notFound } from '../../errors';
import { registerEndpoint } from '../../lib/register-endpoint';
import { keysFor } from './auth-context';
import { sendCode } from './code-service';

/**
 * The console's "send the login SMS again" (docs/decisions/033): exactly the site's send, so its limits hold
 * (60 s between codes and a window per phone, the sender's address, the daily budget); the address counted is
 * the staff member's. The audit row names the member, never the code or the phone. It follows the send
 * (nothing of ours changes in a transaction the audit could join): a send that fails leaves no row.
 */
export function registerOperatorLoginSms(app: FastifyInstance, deps: AppDeps) {
  const ctx = { ...deps, keys: keysFor(deps.config.authSecret) };
  registerEndpoint(app, resendMemberLoginSms, async (request) => {
    const { userId } = request.params;
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('Участник не найден');
    if (user.deletedAt) throw notFound('Аккаунт участника удалён');
    await sendCode(ctx, user.phone, request.ip, request.log);
    await recordAudit(deps.db, auditActorOf(request), {
      action: 'member.resend-login-sms',
      entity: 'member',
      entityId: userId,
    });
    return { sent: true as const };
  });
}
