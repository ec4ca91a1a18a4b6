import { z } from 'zod';
import { maskPhone, SmsSendError, type SmsProvider } from './sms-provider';

/** SMS.ru's JSON answer to `POST /sms/send` (json=1): a request status and one entry per recipient. */
const answerSchema = z.object({
  status: z.string(),
  status_code: z.number().optional(),
  status_text: z.string().optional(),
  sms: z
    .record(
      z.string(),
      z.object({
        status: z.string(),
        status_code: z.number().optional(),
        status_text: z.string().optional(),
        sms_id: z.string().optional(),
      }),
    )
    .optional(),
});

/** A gateway that does not answer within this is treated as failed; the customer can ask again. */
const TIMEOUT_MS = 10_000;

/** SMS.ru (https://sms.ru/api/send): a Russian gateway with a plain HTTP API keyed by `api_id`. */
export function createSmsRuProvider(options: { apiId: string; baseUrl: string }): SmsProvider {
  return {
    name: 'smsru',
    async send(phone, text) {
      const body = new URLSearchParams({ api_id: options.apiId, to: phone, msg: text, json: '1' });
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/sms/send`, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsSendError(`SMS.ru unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) throw new SmsSendError(`SMS.ru answered HTTP ${response.status}`);
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new SmsSendError('SMS.ru answered something unreadable');
      const answer = parsed.data;
      if (answer.status !== 'OK') {
        throw new SmsSendError(
          `SMS.ru refused the request: ${answer.status_code} ${answer.status_text ?? ''}`,
        );
      }
      const entry = answer.sms?.[phone];
      if (!entry || entry.status !== 'OK') {
        const reason = entry ? `${entry.status_code} ${entry.status_text ?? ''}` : 'no entry';
        throw new SmsSendError(`SMS.ru refused the message to ${maskPhone(phone)}: ${reason}`);
      }
      return { providerId: entry.sms_id ?? null };
    },
  };
}
