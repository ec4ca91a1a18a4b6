import { formatBonuses, formatDateTime, formatKopecks } from '#common/lib/format';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import { AppError } from '#server/errors';
import { takeOrRefuse } from '#server/lib/rate-limit';
import { chequeNumberOf, chequeUrlOf } from './cheque-address';
import { loadOwnDraft, type PaymentsDeps } from './draft-rows';

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
    ...(row.coupon && row.couponDiscount > 0
      ? [`Скидка по промокоду ${row.coupon.code}: −${formatKopecks(row.couponDiscount)}`]
      : []),
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
