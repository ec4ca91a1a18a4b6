import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resendMemberLoginSms } from '#common/contract/members';
import type { AppDeps } from '#server/app-deps';
import { auditActorOf, recordAudit } from '#server/core/audit';
import { users } from '#server/db/schema/auth';
import { AppError, notFound } from '#server/errors';
import { registerEndpoint } from '#server/lib/register-endpoint';
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
    // A payer without a phone login (`temp-<uuid>`, spec section 1) has no number to send a code to.
    if (user.phone.startsWith('temp-')) {
      throw new AppError(
        'VALIDATION',
        'У участника нет телефона: он платил без входа, СМС для входа не отправить',
      );
    }
    await sendCode(ctx, user.phone, request.ip, request.log);
    await recordAudit(deps.db, auditActorOf(request), {
      action: 'member.resend-login-sms',
      entity: 'member',
      entityId: userId,
    });
    return { sent: true as const };
  });
}
