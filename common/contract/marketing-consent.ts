import * as z from './z';
import { CONSENT_SOURCES, MARKETING_CHANNELS } from '../lib/marketing-consent';
import { defineEndpoint } from './endpoint';

/**
 * The member's consent to advertising (38-ФЗ art. 18, decision 072), per channel, apart from the consent to
 * process personal data: the cabinet's switches, and the console's view of it with its history. The client says
 * only what the member chose; the server records when, how and which text version.
 */

export const marketingChannelSchema = z.enum(MARKETING_CHANNELS);

export const consentStateSchema = z.strictObject({ sms: z.boolean(), email: z.boolean(), push: z.boolean() });

const cabinetConsentSchema = z.strictObject({
  channels: consentStateSchema,
  /** The text the switches stand for, and its version. */
  text: z.string(),
  version: z.string(),
});
export type CabinetConsent = z.output<typeof cabinetConsentSchema>;

export const getMarketingConsent = defineEndpoint({
  method: 'GET',
  path: '/api/user/marketing-consent',
  summary: "The customer's consent to advertising messages, per channel (SMS, e-mail, push)",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: { response: cabinetConsentSchema },
});

export const setMarketingConsent = defineEndpoint({
  method: 'PUT',
  path: '/api/user/marketing-consent',
  summary:
    "Gives or withdraws the customer's consent to advertising on one channel (the cabinet's switch); the same value again changes nothing",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: {
    body: z.strictObject({ channel: marketingChannelSchema, granted: z.boolean() }),
    response: cabinetConsentSchema,
  },
});

export const consentEventSchema = z.strictObject({
  /** ISO 8601. */
  at: z.string(),
  channel: marketingChannelSchema,
  granted: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  textVersion: z.string(),
  /** SHA-256 (hex) of the consent text the member saw. */
  textHash: z.string(),
});
export type ConsentEvent = z.output<typeof consentEventSchema>;

const memberConsentSchema = z.strictObject({
  channels: consentStateSchema,
  /** Newest first. */
  history: z.array(consentEventSchema),
});
export type MemberConsent = z.output<typeof memberConsentSchema>;

const userParams = z.strictObject({ userId: z.string().uuid('Неизвестный участник') });

export const getMemberConsent = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:userId/marketing-consent',
  summary: "A member's consent to advertising per channel, and its history (when, how, which text version)",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.read',
  errors: ['NOT_FOUND'],
  schemas: { params: userParams, response: memberConsentSchema },
});

export const withdrawMemberConsent = defineEndpoint({
  method: 'POST',
  path: '/api/admin/members/:userId/marketing-consent/withdraw',
  summary:
    "Records the member's withdrawal of consent to advertising on the channels named, at their request to support (audited); support never gives consent",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: userParams,
    body: z.strictObject({
      channels: z
        .array(marketingChannelSchema)
        .min(1, 'Выберите канал')
        .max(3)
        .refine((c) => new Set(c).size === c.length, 'Каналы не должны повторяться'),
    }),
    response: memberConsentSchema,
  },
});
