import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  MARKETING_CHANNELS,
  MARKETING_CONSENT_TEXT,
  MARKETING_CONSENT_VERSION,
  type ConsentSource,
  type MarketingChannel,
} from '#common/lib/marketing-consent';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { marketingConsentEvents, marketingConsents } from '#server/db/schema/marketing';

/** The SHA-256 (hex) of the consent text in force: what the history proves the member saw. */
export const MARKETING_CONSENT_HASH = createHash('sha256')
  .update(MARKETING_CONSENT_TEXT, 'utf8')
  .digest('hex');

export type ConsentState = Record<MarketingChannel, boolean>;

export interface ConsentChange {
  userId: string;
  channel: MarketingChannel;
  granted: boolean;
  source: ConsentSource;
  at: Date;
  /** The staff member who recorded it (source operator). */
  staffId?: string | null;
}

/** The member's current consent per channel; a channel never consented to is false. */
export async function currentConsents(db: Db, userId: string): Promise<ConsentState> {
  const rows = await db
    .select({ channel: marketingConsents.channel, granted: marketingConsents.granted })
    .from(marketingConsents)
    .where(eq(marketingConsents.userId, userId));
  const state = { sms: false, email: false, push: false };
  for (const row of rows) state[row.channel as MarketingChannel] = row.granted;
  return state;
}

/**
 * Sets one channel's consent and appends its history row, only when it changes: a repeated withdrawal (an
 * unsubscribe link opened twice) writes nothing. Call inside the change's transaction: the member's row is locked
 * first, so two changes of one member (a double click, a link opened in two tabs) queue and the second sees the
 * first. Answers whether anything changed.
 */
export async function changeConsent(tx: Db, change: ConsentChange): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId)).for('update');
  const [before] = await tx
    .select({ granted: marketingConsents.granted })
    .from(marketingConsents)
    .where(and(eq(marketingConsents.userId, change.userId), eq(marketingConsents.channel, change.channel)));
  if ((before?.granted ?? false) === change.granted) return false;
  await tx
    .insert(marketingConsents)
    .values({ userId: change.userId, channel: change.channel, granted: change.granted, changedAt: change.at })
    .onConflictDoUpdate({
      target: [marketingConsents.userId, marketingConsents.channel],
      set: { granted: change.granted, changedAt: change.at },
    });
  await tx.insert(marketingConsentEvents).values({
    userId: change.userId,
    channel: change.channel,
    granted: change.granted,
    source: change.source,
    textVersion: MARKETING_CONSENT_VERSION,
    textHash: MARKETING_CONSENT_HASH,
    staffId: change.staffId ?? null,
    at: change.at,
  });
  return true;
}

/** Withdraws every channel (a deletion, or support on the member's request); answers the channels it changed. */
export async function withdrawChannels(
  tx: Db,
  base: Omit<ConsentChange, 'channel' | 'granted'>,
  channels: readonly MarketingChannel[] = MARKETING_CHANNELS,
): Promise<MarketingChannel[]> {
  const changed: MarketingChannel[] = [];
  for (const channel of channels) {
    if (await changeConsent(tx, { ...base, channel, granted: false })) changed.push(channel);
  }
  return changed;
}

/** The member's consent history, newest first. */
export async function consentHistory(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(marketingConsentEvents)
    .where(eq(marketingConsentEvents.userId, userId))
    .orderBy(desc(marketingConsentEvents.at), desc(marketingConsentEvents.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    channel: row.channel as MarketingChannel,
    granted: row.granted,
    source: row.source as ConsentSource,
    textVersion: row.textVersion,
    textHash: row.textHash,
  }));
}
