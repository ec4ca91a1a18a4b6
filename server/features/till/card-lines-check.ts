import { AppError } from '#server/errors';

/**
 * A card payment's lines must add up to what the card paid (decision 063): Σ (sum − spend) over all its lines =
 * `card_amount`. Each returned line's card share is cut from that line's money, so lines that disagreed would
 * send the card more or less than it paid over the returns. It cannot happen (the payment spreads the bonuses
 * over the lines and charges the rest); if a defect upstream ever made it, the return stops before anything
 * moves, for a person to look at. Its own file: card-return.ts is the gateway's part.
 */
export function assertCardLinesAddUp(
  cardAmount: number,
  lines: ReadonlyArray<{ sum: number; spend: number }>,
): void {
  const linesMoney = lines.reduce((s, line) => s + line.sum - line.spend, 0);
  if (linesMoney !== cardAmount) {
    throw new AppError(
      'OPERATION_STATE',
      'Строки оплаты картой не сходятся с суммой, списанной с карты: вернуть по строкам нельзя, обратитесь в поддержку',
    );
  }
}
