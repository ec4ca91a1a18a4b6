import type { ReceiptLineFigures } from '#common/contract/receipt';
import { formatAmount, formatBonuses } from '#common/lib/format';
import { ruLoyalty } from '#web/i18n/ru-loyalty';

/**
 * The till's receipt a payment pays (decision 069): each line's name and quantity, its sum, and its bonuses as
 * the server computed them (spent on it, earned on it); goods bonuses never touch (tobacco, alcohol) say so.
 */
export function ReceiptLines({ lines }: { lines: ReceiptLineFigures[] }) {
  return (
    <section className="loyalty-receipt" aria-labelledby="loyalty-receipt-title">
      <h2 id="loyalty-receipt-title" className="loyalty-receipt__title">
        {ruLoyalty.receiptTitle(lines.length)}
      </h2>
      <ul className="loyalty-receipt__lines">
        {lines.map((line) => (
          <li key={line.line} className="loyalty-receipt__line" data-testid="receipt-line">
            <span>{ruLoyalty.lineName(line.name, line.quantity)}</span>
            <span className="loyalty-receipt__sum">
              {formatAmount(line.sum)}&nbsp;₽
              <small className="loyalty-receipt__bonuses">{lineBonuses(line)}</small>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** '−50 бонусов, +1,5' or 'без бонусов'. */
function lineBonuses(line: ReceiptLineFigures): string {
  if (line.legalGroup || (line.maxBonuses === 0 && line.bonuses === 0 && line.earned === 0)) {
    return ruLoyalty.lineNoBonuses;
  }
  const parts = [
    line.bonuses > 0 ? ruLoyalty.lineSpent(formatBonuses(line.bonuses)) : null,
    line.earned > 0 ? ruLoyalty.lineEarned(formatBonuses(line.earned)) : null,
  ].filter((part) => part !== null);
  return parts.join(', ');
}
