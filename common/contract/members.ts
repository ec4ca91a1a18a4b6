import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Member care in the operator's console (docs/decisions/026): find a member by phone, card number or name, see
 * their cards, balances, operations and sessions, end their sessions, adjust their bonuses by hand (a ledger
 * transaction of its own kind, with a reason and a per-role limit), block or unblock a card.
 */

const memberCardSchema = z.strictObject({ cardNum: z.string(), locked: z.boolean(), active: z.boolean() });

export const memberSummarySchema = z.strictObject({
  userId: z.string(),
  phone: z.string(),
  name: z.string(),
  cards: z.array(memberCardSchema),
});
export type MemberSummary = z.output<typeof memberSummarySchema>;

export const searchMembers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members',
  summary: 'Members by phone (its digits, from the start), card number (16 digits) or name (from the start)',
  tag: 'admin',
  auth: 'operator',
  permission: 'members.read',
  errors: [],
  schemas: {
    query: z.strictObject({ q: z.string().trim().min(2, 'Не меньше 2 знаков').max(100) }),
    response: z.array(memberSummarySchema),
  },
});

const userParams = z.strictObject({ userId: z.string().uuid('Неизвестный участник') });

export const memberDetailsSchema = memberSummarySchema.extend({
  email: z.string(),
  registeredAt: z.string().nullable(),
  balances: z.strictObject({ bonus: z.number(), money: z.number() }),
  operations: z.array(
    z.strictObject({
      id: z.string(),
      occurredAt: z.string(),
      place: z.string(),
      type: z.string(),
      state: z.string(),
      amount: z.number(),
      earned: z.number(),
      spent: z.number(),
    }),
  ),
  activeSessions: z.number().int(),
});
export type MemberDetails = z.output<typeof memberDetailsSchema>;

export const getMember = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:userId',
  summary: "A member's page: cards, balances (roubles), the last 50 operations, active sessions",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.read',
  errors: ['NOT_FOUND'],
  schemas: { params: userParams, response: memberDetailsSchema },
});

export const endMemberSessions = defineEndpoint({
  method: 'POST',
  path: '/api/admin/members/:userId/sessions/end-all',
  summary: 'Ends every session of the member (their apps and browsers must log in again)',
  tag: 'admin',
  auth: 'operator',
  permission: 'members.write',
  errors: ['NOT_FOUND'],
  schemas: { params: userParams, response: z.strictObject({ ended: z.number().int() }) },
});

export const adjustMemberBonuses = defineEndpoint({
  method: 'POST',
  path: '/api/admin/members/:userId/adjustments',
  summary:
    "Adds (+) or takes back (−) bonuses by hand, with a reason: a ledger transaction of kind 'manual_adjustment'; each role has a limit per adjustment",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.write',
  errors: ['NOT_FOUND', 'INSUFFICIENT_FUNDS', 'ADJUSTMENT_LIMIT'],
  schemas: {
    params: userParams,
    body: z.strictObject({
      /** Roubles of bonuses, signed, 2 decimals at most. */
      amount: z
        .number()
        .refine((v) => v !== 0, 'Сумма не может быть нулевой')
        .refine(
          (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
          'Не больше 2 знаков после запятой',
        )
        .refine((v) => Math.abs(v) <= 1_000_000, 'Не больше 1 000 000'),
      reason: z.string().trim().min(3, 'Укажите причину').max(300, 'Причина: не длиннее 300 знаков'),
      /** One adjustment, one key: a retry changes nothing. */
      idempotencyKey: z.string().uuid('Ключ повтора: UUID'),
    }),
    response: z.strictObject({ bonus: z.number() }),
  },
});

const cardParams = z.strictObject({ cardNum: z.string().regex(/^\d{16}$/, 'Номер карты: 16 цифр') });

export const setMemberCardLock = defineEndpoint({
  method: 'POST',
  path: '/api/admin/members/cards/:cardNum/lock',
  summary: 'Blocks (`locked: true`) or unblocks a card: a blocked card neither earns nor spends at the till',
  tag: 'admin',
  auth: 'operator',
  permission: 'members.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: cardParams,
    body: z.strictObject({ locked: z.boolean() }),
    response: memberCardSchema,
  },
});
