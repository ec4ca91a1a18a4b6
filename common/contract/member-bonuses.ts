import * as z from './z';
import { defineEndpoint } from './endpoint';

/**
 * What the programme holds for one member (decisions 027 and 030): the next bonuses to expire, those still in
 * the return window, and the member's level. The cabinet reads them, and the till's visit answers the first two.
 */

/** The next bonuses to expire (decision 027): how many, and the brand's calendar day they expire on. */
export const expiringSchema = z.strictObject({
  /** Bonuses (roubles). */
  bonuses: z.number(),
  /** 'YYYY-MM-DD' in the brand's time zone. */
  on: z.string(),
});
export type Expiring = z.output<typeof expiringSchema>;

/** Bonuses earned in the return window (decision 030): in bonuses, and the brand's day the first are spendable. */
export const pendingSchema = z.strictObject({ bonuses: z.number(), from: z.string() });

export const getBonusExpiry = defineEndpoint({
  method: 'GET',
  path: '/api/user/bonus-expiry',
  summary:
    "The customer's next bonuses to expire (null when none will) and the bonuses pending (decision 030)",
  tag: 'cabinet',
  auth: 'user',
  errors: [],
  schemas: {
    response: z.strictObject({
      expiring: expiringSchema.nullable(),
      /** Earned in the return window, not spendable yet (null: none). */
      pending: pendingSchema.nullable(),
    }),
  },
});

/** The member's level and the way to the next (decision 027 "Levels"); `level` null when levels are off. */
export const memberLevelSchema = z.strictObject({
  level: z
    .strictObject({
      title: z.string(),
      earnPercent: z.number(),
      /** Spent in completed purchases over the last 12 months, roubles. */
      spend: z.number(),
      /** The next level, and the roubles left to reach it; null at the top. */
      next: z.strictObject({ title: z.string(), earnPercent: z.number(), left: z.number() }).nullable(),
    })
    .nullable(),
});
export type MemberLevel = z.output<typeof memberLevelSchema>;

export const getUserLevel = defineEndpoint({
  method: 'GET',
  path: '/api/user/level',
  summary: "The customer's level by 12 months' spend and what is left to the next (null when levels are off)",
  tag: 'cabinet',
  auth: 'user',
  errors: [],
  schemas: { response: memberLevelSchema },
});
