import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const sentMailSchema = z.strictObject({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  sentAt: z.string(),
});
export type SentMailMessage = z.output<typeof sentMailSchema>;

export const devMail = defineEndpoint({
  method: 'GET',
  path: '/api/dev/mail',
  summary: 'Development only (console mail provider): e-mails sent, newest first',
  tag: 'dev',
  auth: 'public',
  schemas: {
    query: z.strictObject({ to: z.string().max(200).optional() }),
    response: z.array(sentMailSchema),
  },
});
