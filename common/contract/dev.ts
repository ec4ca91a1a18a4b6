import * as z from './z';
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
  errors: [],
  schemas: {
    query: z.strictObject({ to: z.string().max(200).optional() }),
    response: z.array(sentMailSchema),
  },
});

export const devClock = defineEndpoint({
  method: 'POST',
  path: '/api/dev/clock',
  summary:
    "Development only (DEV_CLOCK): moves the app's clock forward, e.g. to a gift card's sending date; answers the new time",
  tag: 'dev',
  auth: 'public',
  errors: [],
  schemas: {
    body: z.strictObject({
      advanceMinutes: z
        .number('advanceMinutes: минуты')
        .int('advanceMinutes: целое число')
        .min(1, 'advanceMinutes: от 1')
        .max(366 * 24 * 60, 'advanceMinutes: не больше года'),
    }),
    response: z.strictObject({ now: z.string() }),
  },
});

export const devLedger = defineEndpoint({
  method: 'GET',
  path: '/api/dev/ledger',
  summary:
    'Development only: the money invariants the database breaks (none when it holds), for the journeys to check after the last one',
  tag: 'dev',
  auth: 'public',
  errors: [],
  schemas: {
    response: z.strictObject({
      violations: z.array(z.strictObject({ check: z.string(), rows: z.array(z.unknown()) })),
    }),
  },
});
