import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { giftCardOrders, giftCards } from '#server/db/schema/gift-cards';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { AppError } from '#server/errors';
import { toRoubles } from '#server/core/money';
import { recordAudit } from '#server/core/audit';
import {
  hashedKeyPart,
  LONG_WINDOW_PREFIX,
  takeOrRefuse,
  type WhenUnavailable,
} from '#server/lib/rate-limit';
import { pictureUrlOf } from './orders';

type PublicDeps = Pick<AppDeps, 'db' | 'clock' | 'rateLimiter'>;
type PageDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'rateLimiter'>;

/**
 * The public page's limits (docs/decisions/017, 047), counted in the database (`rate_limits`) or Redis so they
 * hold across instances; every try is counted before the digits are looked at, whether or not the card exists,
 * so a limit tells nothing. Wrong tries are limited per address tightly (5 a day at one card) and per card
 * loosely: 30 tries with the last 4 digits a year, whoever sends them, keep a guesser holding a card's link
 * (from any number of addresses) under 1 chance in 333 a year. Past the card's budget the last 4 digits are
 * refused (GIFT_CARD_WHOLE_PHONE) and the recipient types their whole phone, which no one else's failures
 * block: 10 digits take 10^10 guesses, 5 a day from each address.
 */
export const PUBLIC_CARD_LIMITS = {
  viewsPerAddress: 120,
  viewWindowMs: 10 * 60_000,
  /** A flood guard: tries from one address at any cards. */
  revealsPerAddress: 30,
  revealAddressWindowMs: 60 * 60_000,
  /** Tries from one address at one card, the last 4 digits or the whole phone. */
  revealsPerAddressAndCard: 5,
  revealAddressAndCardWindowMs: 24 * 60 * 60_000,
  /** Tries with the last 4 digits at one card, from every address together. */
  last4RevealsPerCard: 30,
  last4CardWindowMs: 365 * 24 * 60 * 60_000,
} as const;

/** The only answer for an unknown card and for wrong digits alike. */
const NOT_FOUND_MESSAGE = 'Карта не найдена или цифры не совпадают';
const notFoundCard = () => new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);

const limit = (
  deps: PublicDeps,
  key: string,
  max: number,
  windowMs: number,
  whenUnavailable: WhenUnavailable = 'refuse',
) =>
  takeOrRefuse(deps, {
    key,
    max,
    windowMs,
    whenUnavailable,
    message: 'Слишком много попыток. Попробуйте позже.',
  });

/** A well-formed public id: 22 base64url characters. Anything else is answered as an unknown card. */
export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;

async function findCard(deps: PublicDeps, id: string) {
  if (!PUBLIC_ID.test(id)) return null;
  const [row] = await deps.db
    .select({
      phone: giftCards.phone,
      code: giftCards.code,
      nominal: giftCards.nominal,
      balance: ledgerAccounts.balance,
      imageId: giftCardOrders.imageId,
      congratulation: giftCardOrders.congratulation,
      addedAt: giftCards.addedAt,
    })
    .from(giftCards)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, giftCards.orderId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, giftCards.accountId))
    .where(eq(giftCards.publicId, id));
  return row ?? null;
}

/** `GET /api/gc/card/:id`: the picture, congratulation and balance; never the code. */
export async function publicCard(deps: PageDeps, ip: string, id: string) {
  const l = PUBLIC_CARD_LIMITS;
  // A view shows no code: with Redis out, the page still opens rather than a recipient seeing an error.
  await limit(deps, `gc-view-ip:${ip}`, l.viewsPerAddress, l.viewWindowMs, 'allow');
  const card = await findCard(deps, id);
  if (!card) throw notFoundCard();
  const imageUrl = pictureUrlOf(card.imageId);
  return {
    imageUrl,
    // Link previews (messengers, social sites) fetch the picture from elsewhere: only an absolute address works.
    previewImageUrl: new URL(imageUrl, new URL(deps.config.publicUrl).origin).toString(),
    congratulation: card.congratulation,
    balance: toRoubles(card.balance ?? 0), // a card's account always caches it (the CHECK)
    nominal: toRoubles(card.nominal),
    added: card.addedAt !== null,
  };
}

/**
 * `POST /api/gc/card/:id/reveal`: the code once the last 4 digits of the recipient's phone match, or the whole
 * phone (once the card's last-4 tries have run out). The limits are taken first and the digits compared in
 * constant time against a stand-in when the card is unknown, so an unknown id and wrong digits get the same
 * answer (status and body) after the same work.
 */
export async function revealCode(
  deps: PublicDeps,
  ip: string,
  id: string,
  proof: { last4?: string; phone?: string },
) {
  const l = PUBLIC_CARD_LIMITS;
  const card = hashedKeyPart(id);
  await limit(deps, `gc-reveal-ip:${ip}`, l.revealsPerAddress, l.revealAddressWindowMs);
  await limit(
    deps,
    `gc-reveal-ip-card:${ip}:${card}`,
    l.revealsPerAddressAndCard,
    l.revealAddressAndCardWindowMs,
  );
  if (proof.last4 !== undefined) await takeLast4Try(deps, card);
  const found = await findCard(deps, id);
  const given = Buffer.from(proof.last4 ?? proof.phone ?? '');
  const expected = Buffer.from(
    found ? (proof.last4 !== undefined ? found.phone.slice(-4) : found.phone) : 'none',
  );
  const same = expected.length === given.length && timingSafeEqual(expected, given);
  if (!found || !same) throw notFoundCard();
  // The code opens the card's value at any till: who took it, from where, is on record (decision 047).
  await recordAudit(
    deps.db,
    { caller: { kind: 'public' }, ip },
    {
      action: 'giftCard.revealed',
      entity: 'giftCard',
      entityId: id,
    },
  );
  return { code: found.code };
}

/** Counts a last-4 try at the card; past the card's budget, asks for the whole phone instead. */
async function takeLast4Try(deps: PublicDeps, card: string) {
  const l = PUBLIC_CARD_LIMITS;
  const key = `${LONG_WINDOW_PREFIX}gc-reveal-card:${card}`;
  const until = await deps.rateLimiter.take(
    deps.db,
    key,
    l.last4RevealsPerCard,
    l.last4CardWindowMs,
    deps.clock.now(),
  );
  if (until)
    throw new AppError(
      'GIFT_CARD_WHOLE_PHONE',
      'Слишком много попыток с последними цифрами. Введите номер телефона получателя целиком.',
    );
}
