/** Sends one text message. Implementations never log the text: it carries a login code. */
export interface SmsProvider {
  readonly name: string;
  /**
   * Resolves when the gateway accepted the message, with the gateway's id of it where it gives one (SMS.ru's
   * `sms_id`: its delivery callback names the message by it); rejects with SmsSendError otherwise.
   */
  send(phone: string, text: string): Promise<SmsAccepted | void>;
}

/** What the gateway answered for an accepted message. */
export interface SmsAccepted {
  providerId: string | null;
}

/** The gateway refused or could not be reached; the message says why without the text. */
export class SmsSendError extends Error {}

/** `79000000001` -> `7900***0001`: enough to tell numbers apart in a log, not enough to read one. */
export function maskPhone(phone: string): string {
  return phone.length > 8 ? `${phone.slice(0, 4)}***${phone.slice(-4)}` : '***';
}
