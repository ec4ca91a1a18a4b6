import type { FeedbackBody } from '#common/contract/content';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';

type NotifyDeps = Pick<AppDeps, 'config' | 'db' | 'mail'>;

export interface NotifyLog {
  warn(obj: object, msg: string): void;
}

/**
 * Sends a stored feedback message to the operator: OPERATOR_EMAIL, or else the brand's own e-mail from the
 * settings. The message is already stored, so a mail failure is logged (without the message) and the visitor
 * still gets their "sent": the operator can read every message in the database.
 */
export async function notifyOperator(deps: NotifyDeps, body: Required<FeedbackBody>, log: NotifyLog) {
  const settings = await readBrandSettings(deps.db);
  const to = deps.config.operatorEmail ?? settings.email;
  if (!to) {
    log.warn({}, 'Feedback stored; no OPERATOR_EMAIL or brand e-mail to send it to');
    return;
  }
  const contacts = [body.phone && `Телефон: ${body.phone}`, body.email && `E-mail: ${body.email}`]
    .filter(Boolean)
    .join('\n');
  try {
    await deps.mail.send({
      to,
      subject: `${settings.title}: сообщение с сайта от ${body.name}`,
      text: `${body.name} пишет через форму «Контакты».\n\n${contacts}\n\n${body.message}\n`,
      ...(body.email && { replyTo: body.email }),
    });
  } catch (error) {
    log.warn({ reason: (error as Error).message }, 'Feedback stored; the e-mail to the operator failed');
  }
}
