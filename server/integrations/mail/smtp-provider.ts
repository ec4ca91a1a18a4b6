import nodemailer from 'nodemailer';
import type { MailProvider } from './mail-provider';

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** The From header, e.g. `Берёзка <no-reply@berezka.example>`. */
  from: string;
  /** Milliseconds to wait for the server at each step; a hung relay must not hold a request. */
  timeoutMs?: number;
}

/** Sends through an SMTP relay (any Russian mail service or the operator's own) with nodemailer. */
export function createSmtpMailProvider({ url, from, timeoutMs = 10_000 }: SmtpOptions): MailProvider {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    ...(parsed.username && {
      auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    }),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.replyTo && { replyTo: message.replyTo }),
        ...(message.headers && { headers: message.headers }),
        ...(message.messageId && { messageId: message.messageId }),
      });
    },
  };
}
