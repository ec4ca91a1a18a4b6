import * as z from './z';
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
  summary:
    'Members by phone (its digits, from the start, with or without the leading 7 or 8), card number (16 digits, or the last 4), or name (one word from the start, or two: last and first name in either order)',
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

/** What support is asked about (decision 053): the member's level, birth date, consent, referrer, deletion. */
export const memberProfileSchema = z.strictObject({
  /** The member's first day in the programme (their first login), ISO. */
  createdAt: z.string(),
  /** yyyy-mm-dd, as the member gave it. */
  birthDate: z.string().nullable(),
  /** The version of the participation terms they agreed to at registration; null before registering. */
  consentVersion: z.string().nullable(),
  /** The card number given as the referrer at registration, and its member when that card is known. */
  referrer: z
    .strictObject({ cardNum: z.string(), userId: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  /** The level their 12-month spend reaches (null when the programme has no levels). */
  level: z.strictObject({ title: z.string(), earnPercent: z.number(), spend: z.number() }).nullable(),
  deletedAt: z.string().nullable(),
});
export type MemberProfile = z.output<typeof memberProfileSchema>;

export const getMember = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:userId',
  summary:
    "A member's page: cards, balances (roubles), the last 50 operations, active sessions, and their profile (level, birth date, consent, referrer)",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.read',
  errors: ['NOT_FOUND'],
  schemas: { params: userParams, response: memberDetailsSchema.extend({ profile: memberProfileSchema }) },
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
  errors: ['NOT_FOUND', 'INSUFFICIENT_FUNDS', 'ADJUSTMENT_LIMIT', 'IDEMPOTENCY_KEY_REUSED'],
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

/*
 * The member's page, further (docs/decisions/033): held balances, saved bank cards, operations filtered and
 * paged, and the login SMS sent again.
 */

export const memberHoldsSchema = z.strictObject({
  /** Roubles of bonuses held by payments in progress (site drafts and till spends not yet confirmed). */
  bonus: z.number(),
  /** Roubles of the money-like balance held by site payments in progress. */
  money: z.number(),
});

export const getMemberHolds = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:userId/holds',
  summary: "What the member's payments in progress hold: bonuses and the money-like balance (roubles)",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.read',
  errors: ['NOT_FOUND'],
  schemas: { params: userParams, response: memberHoldsSchema },
});

export const listMemberSavedCards = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:userId/saved-cards',
  summary: "The member's saved bank cards as the gateway lists them (the last 4 digits only)",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.read',
  errors: ['NOT_FOUND', 'BANK_UNAVAILABLE'],
  schemas: {
    params: userParams,
    response: z.array(
      z.strictObject({
        bindingId: z.string(),
        bindingState: z.enum(['ACTIVE', 'INACTIVE']),
        maskedPan: z.string(),
        expiry: z.string().nullable(),
      }),
    ),
  },
});

export const MEMBER_OPERATION_TYPES = ['PAYMENT', 'CASHBACK', 'DEPOSIT', 'RETURN'] as const;
/** A calendar day that exists (2026-02-30 or 2026-13-45 is a 400, never a database error). */
const realDay = (v: string) => {
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
};
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата: ГГГГ-ММ-ДД')
  .refine(realDay, 'Такой даты нет')
  .optional();

export const listMemberOperations = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members/:userId/operations',
  summary:
    "The member's operations, newest first, 50 a page: filtered by type and by days (Moscow time, both ends included); `before` is the previous page's `next`",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.read',
  errors: ['NOT_FOUND'],
  schemas: {
    params: userParams,
    query: z.strictObject({
      type: z.enum(MEMBER_OPERATION_TYPES).optional(),
      from: day,
      to: day,
      before: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/, 'Неизвестная страница')
        .refine((v) => !Number.isNaN(Date.parse(v.split('_')[0]!)), 'Неизвестная страница')
        .optional(),
    }),
    response: z.strictObject({
      items: memberDetailsSchema.shape.operations,
      /** The cursor of the next (older) page; null on the last one. */
      next: z.string().nullable(),
    }),
  },
});

export const resendMemberLoginSms = defineEndpoint({
  method: 'POST',
  path: '/api/admin/members/:userId/login-sms',
  summary:
    "Sends the member a new login code by SMS, under the site's SMS limits (per phone, per address, the daily budget); the code is never shown or logged",
  tag: 'admin',
  auth: 'operator',
  permission: 'members.write',
  errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS', 'SMS_FAILED'],
  schemas: { params: userParams, response: z.strictObject({ sent: z.literal(true) }) },
});
