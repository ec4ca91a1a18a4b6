import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { formatBonuses, formatDateTime, formatKopecks } from '../../../common/lib/format';
import type { AppDeps } from '../../app-deps';
import type { Config } from '../../config';
import { readBrandSettings } from '../../core/brand-settings';
import { AppError } from '../../errors';
import { takeOrRefuse } from '../../lib/rate-limit';
import { loadOwnDraft, type PaymentsDeps } from './draft-rows';

/** The cheque's address: the draft id with a MAC, so only someone who was given the link can open it. */
export function chequeUrlOf(config: Pick<Config, 'publicUrl' | 'authSecret'>, draftId: string): string {
  return `${originOf(config.publicUrl)}/cheque/${draftId}?k=${chequeKey(config, draftId)}`;
}

/**
 * The number a cheque shows: the first 8 hex digits of its payment's id, upper case ('3F2A9C1D'). The id is
 * the bank's order number too (without dashes), so support finds the payment by it; no counter is kept.
 */
export const chequeNumberOf = (draftId: string) => draftId.slice(0, 8).toUpperCase();

export function chequeKey(config: Pick<Config, 'authSecret'>, draftId: string): string {
  return createHmac('sha256', macKeyOf(config.authSecret))
    .update(`cheque:${draftId}`)
    .digest('base64url')
    .slice(0, 22);
}

// Every completed payment's answer carries its cheque's address: the key and the origin are made once per
// setting, not for each answer (decision 037). The same bytes as the string key, so the same MACs.
const macKeys = new Map<string, KeyObject>();
const macKeyOf = (secret: string) => {
  let key = macKeys.get(secret);
  if (!key) macKeys.set(secret, (key = createSecretKey(secret, 'utf8')));
  return key;
};
const origins = new Map<string, string>();
const originOf = (publicUrl: string) => {
  let origin = origins.get(publicUrl);
  if (origin === undefined) origins.set(publicUrl, (origin = new URL(publicUrl).origin));
  return origin;
};

export function isChequeKey(config: Pick<Config, 'authSecret'>, draftId: string, key: string): boolean {
  const expected = Buffer.from(chequeKey(config, draftId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * How many cheque e-mails a draft and a payer may ask for (decision 048): the cheque goes to the payer and
 * perhaps an accountant, never to a list. Every request counts, a repeat to the same address too.
 */
export const CHEQUE_MAIL_LIMITS = { perDraft: 3, perPayer: 10, payerWindowMs: 24 * 3_600_000 } as const;
const DRAFT_WINDOW_MS = 30 * 24 * 3_600_000;

/**
 * sendCheque: e-mails the cheque of a payment that was paid here (by the bank, bonuses or the balance; a
 * draft paid at the till moved nothing through us, so it has no cheque to mail); the same address gets it
 * once. The subject is ours alone: the draft's title is the caller's text (decision 048).
 */
export async function sendCheque(
  deps: PaymentsDeps & Pick<AppDeps, 'rateLimiter'>,
  userId: string,
  draftId: string,
  email: string,
) {
  const row = await loadOwnDraft(deps.db, userId, draftId);
  if (row.state !== 'completed') throw new AppError('CHEQUE_NOT_READY', 'Чек будет после оплаты');
  if (row.payType === 'IN_RETAIL_POINT') {
    throw new AppError('CHEQUE_NOT_READY', 'Чек об оплате на кассе выдаёт касса');
  }
  const message = 'Слишком много писем с чеками. Попробуйте позже';
  await takeOrRefuse(deps, {
    key: `cheque-mail:draft:${row.id}`,
    max: CHEQUE_MAIL_LIMITS.perDraft,
    windowMs: DRAFT_WINDOW_MS,
    message,
  });
  await takeOrRefuse(deps, {
    key: `cheque-mail:user:${userId}`,
    max: CHEQUE_MAIL_LIMITS.perPayer,
    windowMs: CHEQUE_MAIL_LIMITS.payerWindowMs,
    message,
  });
  const { timeZone, title: brand } = await readBrandSettings(deps.db);
  const lines = [
    `Чек № ${chequeNumberOf(row.id)}`,
    `Оплата: ${row.title}`,
    `Дата: ${formatDateTime(row.resolvedAt ?? row.updatedAt, timeZone)}`,
    `Сумма: ${formatKopecks(row.paySum)}`,
    `Оплачено бонусами: ${formatBonuses(row.spend / 100)}`,
    ...(row.extraSpend > 0 ? [`Оплачено с баланса: ${formatKopecks(row.extraSpend)}`] : []),
    `Оплачено деньгами: ${formatKopecks(row.leftToPay)}`,
    `Начислено: ${formatBonuses(row.earn / 100)}`,
    ...(row.earn > 0 && row.earnRules.length > 0
      ? [`По правилам: ${row.earnRules.map((r) => r.title).join('; ')}`]
      : []),
    `Код подтверждения: ${row.confirmationCode ?? ''}`,
    `Чек: ${chequeUrlOf(deps.config, row.id)}`,
  ];
  await deps.mail.send({
    to: email,
    subject: `Чек об оплате: ${brand}`,
    text: lines.join('\n'),
    dedupeKey: `cheque:${row.id}:${email.toLowerCase()}`,
  });
}
