import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Operation, OperationsPage, PurchaseLine } from '#common/contract/cabinet';
import { ru } from '#web/i18n/ru';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { formatAmount, formatBonuses, formatRoubles } from '#common/lib/format';
import { useFormatDate } from '#web/lib/use-format-date';
import { EmptyState } from '#web/ui/empty-state';

type OperationsQuery = UseInfiniteQueryResult<InfiniteData<OperationsPage>>;

/** The operations history, newest first, a page at a time with 'Показать ещё'. */
export function OperationsList({ query, title }: { query: OperationsQuery; title: string }) {
  const operations = query.data?.pages.flatMap((page) => page.operations) ?? [];
  return (
    <section className="cabinet-section" aria-labelledby="operations-title">
      <h2 className="cabinet-section__title" id="operations-title">
        {title}
      </h2>
      {query.isPending && <p className="loader-text">{ru.shell.loading}</p>}
      {query.isError && (
        <p className="form-error" role="alert">
          {ruCabinet.failed}
        </p>
      )}
      {query.isSuccess && operations.length === 0 && <EmptyState title={ruCabinet.operationsEmpty} />}
      {operations.length > 0 && (
        <ul className="operations" data-testid="operations">
          {operations.map((operation) => (
            <OperationRow key={operation.id} operation={operation} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button--ghost"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {ruCabinet.more}
        </button>
      )}
    </section>
  );
}

/** The campaigns that raised what an operation earned (the point's base rate goes without saying). */
const campaignTitles = (operation: Operation) =>
  operation.earnRules
    .filter((r) => r.kind === 'CAMPAIGN')
    .map((r) => r.title)
    .join(', ');

/** A purchase's receipt, folded: each line's name and quantity, its sum, and its bonuses (spent, earned). */
function PurchaseLines({ lines }: { lines: PurchaseLine[] }) {
  return (
    <details className="operation__lines">
      <summary className="operation__meta">{ruCabinet.purchaseLines(lines.length)}</summary>
      <ul>
        {lines.map((line, i) => (
          <li key={i} className="operation__line">
            <span>{ruCabinet.lineName(line.name, line.quantity)}</span>
            <span className="operation__line-sum">
              {formatRoubles(line.sum)}
              {line.spent > 0 && (
                <span className="operation__spend"> {ruCabinet.spent(formatAmount(line.spent))}</span>
              )}
              {line.earned > 0 && (
                <span className="operation__earn"> {ruCabinet.earned(formatAmount(line.earned))}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function OperationRow({ operation }: { operation: Operation }) {
  const formatDate = useFormatDate();
  const state = ruCabinet.operationState[operation.state];
  return (
    <li className={`operation${operation.state === 'CANCEL' ? ' operation--cancelled' : ''}`}>
      <div className="operation__main">
        <p className="operation__place">{operation.place}</p>
        <p className="operation__meta">
          {ruCabinet.operationType[operation.type]} ·{' '}
          <time dateTime={operation.date}>{formatDate(operation.date)}</time>
          {state && ` · ${state}`}
        </p>
        {operation.amount > 0 && (
          <p className="operation__meta">
            {operation.type === 'DEPOSIT'
              ? ruCabinet.credited(formatRoubles(operation.amount))
              : operation.type === 'RETURN'
                ? ruCabinet.returnedGoods(formatRoubles(operation.amount))
                : ruCabinet.cheque(formatRoubles(operation.amount))}
          </p>
        )}
        {operation.earnRules
          .filter((r) => r.kind === 'LEVEL')
          .map((r) => (
            <p key={r.title} className="operation__meta operation__rule">
              {r.title}
            </p>
          ))}
        {campaignTitles(operation) && (
          <p className="operation__meta operation__rule">{ruCabinet.earnedBy(campaignTitles(operation))}</p>
        )}
        {operation.amountSpendExtra > 0 && (
          <p className="operation__meta">{ruCabinet.spentExtra(formatRoubles(operation.amountSpendExtra))}</p>
        )}
        {operation.coupon && (
          <p className="operation__meta operation__rule">
            {ruCabinet.couponUsed(
              operation.coupon.code,
              operation.coupon.discount > 0 ? formatRoubles(operation.coupon.discount) : null,
              operation.coupon.bonuses > 0 ? formatBonuses(operation.coupon.bonuses) : null,
            )}
          </p>
        )}
        {operation.lines.length > 0 && <PurchaseLines lines={operation.lines} />}
      </div>
      <div className="operation__bonuses">
        {operation.amountEarn > 0 && (
          <span className="operation__earn">{ruCabinet.earned(formatBonuses(operation.amountEarn))}</span>
        )}
        {operation.amountSpend > 0 && (
          <span className="operation__spend">{ruCabinet.spent(formatBonuses(operation.amountSpend))}</span>
        )}
      </div>
    </li>
  );
}
