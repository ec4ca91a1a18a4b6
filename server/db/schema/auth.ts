import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/** A customer, created on the first confirmed code for a phone (the cabinet adds the rest of the profile). */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull().unique(),
    createdAt: at().notNull().defaultNow(),
    firstName: text().notNull().default(''),
    middleName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    email: text().notNull().default(''),
    /** Read-only once set (the cabinet refuses a change). */
    birthDate: date({ mode: 'string' }),
    /** When the customer completed the cabinet's registration step (their first card). */
    registeredAt: at(),
    /** The latest cabinet sign-in (`POST /api/user/registration` after a login). */
    signedInAt: at(),
    /** What the `referer` cookie held at registration; no reward is credited for it yet. */
    referrerId: text(),
    /**
     * When the referral job settled this customer's referral (decision 046): rewarded, or refused (the phone was
     * rewarded before, the referrer's cap); the job looks only at customers not settled yet.
     */
    referralSettledAt: at(),
    /**
     * One of the customer's cards (server/db/schema/cabinet.ts). No foreign key: the two tables would reference
     * each other, and the cabinet service sets it only to a card it has just read as the customer's own.
     */
    activeCardId: uuid(),
    /**
     * The version of the participation terms the customer agreed to when registering (CONSENT_VERSION in
     * common/contract/codes.ts at the time): 152-ФЗ asks what they consented to, not only that they did.
     */
    consentVersion: text(),
    /**
     * When the account was deleted (docs/decisions/028): the personal fields are blanked and the phone replaced by
     * `deleted-<id>`, so the number may register again; the row stays for the ledger and the history it anchors.
     */
    deletedAt: at(),
  },
  // Reports' new members over a range of days (decision 031).
  (t) => [
    index('users_created_at').on(t.createdAt),
    // The welcome trigger walks registrations by (registered_at, id) (decision 081).
    index('users_registered')
      .on(t.registeredAt, t.id)
      .where(sql`${t.registeredAt} is not null`),
    // The birthday trigger reads one calendar day's birthdays: month * 100 + day (birthdayKeySql, decision 081).
    index('users_birthday')
      .on(sql`((extract(month from ${t.birthDate}) * 100 + extract(day from ${t.birthDate}))::int)`, t.id)
      .where(sql`${t.birthDate} is not null`),
  ],
);

/**
 * The one live code of a phone. One row per phone makes "only the newest code is valid" structural, and the
 * conditional upsert on `sent_at` makes the 60 s resend gap atomic across connections and instances.
 */
export const authCodes = pgTable('auth_codes', {
  phone: text().primaryKey(),
  /** HMAC-SHA256 (hex) of phone and code with a key derived from AUTH_SECRET; the code itself is never stored. */
  codeHash: text().notNull(),
  sentAt: at().notNull(),
  expiresAt: at().notNull(),
  attempts: integer().notNull().default(0),
  usedAt: at(),
});

/** Every SMS sent: the sliding per-phone window (5 per 10 minutes) counts these rows. */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    ip: text().notNull(),
    sentAt: at().notNull(),
  },
  (t) => [index('sms_sends_phone_sent_at').on(t.phone, t.sentAt)],
);

/** Every wrong code entered: the sliding per-phone cap (10 per 24 h) counts these rows. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    failedAt: at().notNull(),
  },
  (t) => [index('auth_failures_phone_failed_at').on(t.phone, t.failedAt)],
);

/** Fixed-window counters (per-IP sends, the global daily budget), bumped by one conditional upsert each. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: at().notNull(),
  count: integer().notNull(),
});

/** A login: the family of refresh tokens issued from one confirmation. Revoking it ends them all. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: at().notNull(),
    lastUsedAt: at().notNull(),
    revokedAt: at(),
    revokedReason: text(),
  },
  (t) => [index('sessions_user_id').on(t.userId)],
);

/** Refresh tokens by SHA-256 (hex) of the token; a rotated one keeps `rotatedAt` for reuse detection. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id),
    createdAt: at().notNull(),
    rotatedAt: at(),
  },
  (t) => [index('refresh_tokens_session_id').on(t.sessionId)],
);
