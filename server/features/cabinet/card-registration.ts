import { CONSENT_VERSION } from '#common/contract/codes';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { newCardBodySchema } from '#common/contract/cabinet';
import type { Clock } from '#server/core/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { cards } from '#server/db/schema/cabinet';
import { AppError } from '#server/errors';
import { takeOrRefuse, type LimitDeps } from '#server/lib/rate-limit';
import { customerAccounts } from '#server/core/ledger';
import { readBrandSettings } from '#server/core/brand-settings';
import { creditEventBonuses } from '#server/core/earn/events';
import { phoneKey } from '#server/core/earn/phone-key';
import { changeConsent } from '#server/core/marketing/consent';
import { MARKETING_CHANNELS } from '#common/lib/marketing-consent';
import { isLuhnValid, newCardNumber, newQrSecret } from './card-numbers';
import { lockUser, saveProfile } from './profile';

export type NewCardInput = z.output<typeof newCardBodySchema>;

const REQUIRED = 'Обязательное поле';
export const CARD_NOT_FOUND = 'Карта не найдена';
/**
 * A mistyped number and one registered to another phone get this same answer: telling them apart would let
 * anyone with a login list the registered numbers (decision 048). The holder of a plastic card someone else
 * registered sorts it out with support.
 */
const BAD_CARD_NUMBER = 'Неверный номер карты: проверьте цифры или обратитесь в поддержку';
const badCardNumber = () =>
  new AppError('VALIDATION', BAD_CARD_NUMBER, { fields: { cardNum: BAD_CARD_NUMBER } });

/**
 * Plastic numbers (passing the check digit) one customer may try a day, right or wrong: a customer binds one or
 * two cards in a lifetime; a lister would need a login per few numbers.
 */
export const PLASTIC_CARD_TRIES = { max: 5, windowMs: 24 * 3_600_000 } as const;

/**
 * `POST /api/user/newCard`: binds the plastic card given (or issues one), saves the profile, marks the
 * registration and makes the new card active when the customer has none. Everything in one transaction under
 * the customer's row lock, so a double click cannot issue two cards.
 */
export async function registerCard(
  deps: LimitDeps & { clock: Clock; config: Pick<Config, 'authSecret'> },
  userId: string,
  input: NewCardInput,
) {
  const settings = await readBrandSettings(deps.db);
  if (settings.creditCard && !input.cardNum) {
    throw new AppError('VALIDATION', `Неверные данные: cardNum: ${REQUIRED}`, {
      fields: { cardNum: REQUIRED },
    });
  }
  // A brand's plastic cards carry a Luhn check digit; refusing a typo beats binding a stranger's number.
  if (input.cardNum && !isLuhnValid(input.cardNum)) throw badCardNumber();
  if (input.cardNum) {
    // Counted outside the transaction below, so a refused number still counts.
    await takeOrRefuse(deps, {
      key: `plastic-card:${userId}`,
      max: PLASTIC_CARD_TRIES.max,
      windowMs: PLASTIC_CARD_TRIES.windowMs,
      message: 'Слишком много попыток ввести номер карты. Попробуйте завтра или обратитесь в поддержку',
    });
  }
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const user = await lockUser(tx, userId);
    await saveProfile(tx, user, input);
    const [firstCard] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.userId, userId))
      .limit(1);
    let newCardId: string | null = null;
    if (input.cardNum) newCardId = await bindCard(tx, userId, input.cardNum);
    // Without a number, a customer who already has a card gets nothing new: a repeated call (double click,
    // retry after a timeout) only saves the profile and answers the info, instead of issuing card after card.
    else if (!firstCard) newCardId = await issueCard(tx, userId);
    await customerAccounts(tx, userId);
    await tx
      .update(users)
      .set({
        registeredAt: user.registeredAt ?? now,
        consentVersion: user.consentVersion ?? CONSENT_VERSION,
        referrerId: user.referrerId ?? (await referrerOf(tx, user, input.refererID)),
        activeCardId: user.activeCardId ?? firstCard?.id ?? newCardId,
      })
      .where(eq(users.id, userId));
    // The opt-in to advertising (decision 072): only a tick gives consent; no tick leaves it as it is.
    if (input.marketingConsent) {
      for (const channel of MARKETING_CHANNELS)
        await changeConsent(tx, { userId, channel, granted: true, source: 'registration', at: now });
    }
    // The welcome bonus, once per phone (its ledger key, decision 030): the first registration of the number,
    // so deleting the account and registering the same phone again earns nothing more.
    if (!user.registeredAt) {
      await creditEventBonuses(tx, {
        key: `welcome:${phoneKey(deps.config.authSecret, user.phone)}`,
        kind: 'welcome_bonus',
        now,
        credits: [{ userId, amount: settings.welcomeBonus * 100, place: WELCOME_PLACE }],
      });
    }
  });
}

export const WELCOME_PLACE = 'Приветственные бонусы';

/**
 * The referrer id worth keeping for the referral reward (server/features/programme/event-jobs.ts): not empty, and not one
 * of the customer's own card numbers (a customer cannot refer themselves). A temporary payer (no phone, decision
 * 046) is never a referred friend: they cost no SMS, so each would be a free reward.
 */
async function referrerOf(
  tx: Db,
  user: { id: string; phone: string },
  refererId: string,
): Promise<string | null> {
  const id = refererId.trim();
  if (!id || user.phone.startsWith('temp-')) return null;
  const [own] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, user.id), eq(cards.cardNum, id)));
  return own ? null : id;
}

/** Binds a plastic card: the customer's own already is (no change); another customer's answers as a typo. */
async function bindCard(tx: Db, userId: string, cardNum: string): Promise<string> {
  const [inserted] = await tx
    .insert(cards)
    .values({ userId, cardNum, qrSecret: newQrSecret() })
    .onConflictDoNothing({ target: cards.cardNum })
    .returning({ id: cards.id });
  if (inserted) return inserted.id;
  const [holder] = await tx
    .select({ id: cards.id, userId: cards.userId })
    .from(cards)
    .where(eq(cards.cardNum, cardNum));
  if (!holder || holder.userId !== userId) throw badCardNumber();
  return holder.id;
}

/** Issues a fresh number; a collision with an existing one (about 1 in 10^11 per card) draws again. */
async function issueCard(tx: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [inserted] = await tx
      .insert(cards)
      .values({ userId, cardNum: newCardNumber(), qrSecret: newQrSecret() })
      .onConflictDoNothing({ target: cards.cardNum })
      .returning({ id: cards.id });
    if (inserted) return inserted.id;
  }
  throw new Error('could not draw a free card number');
}

/** Makes one of the customer's own cards active; another's (or an unknown id) is a 404 and changes nothing. */
export async function setActiveCard(db: Db, userId: string, cardId: string): Promise<void> {
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId)));
  if (!card) throw new AppError('NOT_FOUND', CARD_NOT_FOUND);
  // The condition makes "already active" a no-op: no row matches, nothing is written.
  await db
    .update(users)
    .set({ activeCardId: card.id })
    .where(and(eq(users.id, userId), or(isNull(users.activeCardId), ne(users.activeCardId, card.id))));
}
