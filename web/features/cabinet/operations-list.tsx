import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Operation, OperationsPage } from '../../../common/contract/cabinet';
import { ru } from '../../i18n/ru';
import { formatBonuses, formatRoubles } from '../../../common/lib/format';
import { useFormatDate } from '../../lib/use-format-date';
import { EmptyState } from '../../ui/empty-state';

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
          {ru.cabinet.failed}
        </p>
      )}
      {query.isSuccess && operations.length === 0 && <EmptyState title={ru.cabinet.operationsEmpty} />}
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
          {ru.cabinet.more}
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

function OperationRow({ operation }: { operation: Operation }) {
  const formatDate = useFormatDate();
  const state = ru.cabinet.operationState[operation.state];
  return (
    <li className={`operation${operation.state === 'CANCEL' ? ' operation--cancelled' : ''}`}>
      <div className="operation__main">
        <p className="operation__place">{operation.place}</p>
        <p className="operation__meta">
          {ru.cabinet.operationType[operation.type]} ·{' '}
          <time dateTime={operation.date}>{formatDate(operation.date)}</time>
          {state && ` · ${state}`}
        </p>
        {operation.amount > 0 && (
          <p className="operation__meta">
            {operation.type === 'DEPOSIT'
              ? ru.cabinet.credited(formatRoubles(operation.amount))
              : ru.cabinet.cheque(formatRoubles(operation.amount))}
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
          <p className="operation__meta operation__rule">{ru.cabinet.earnedBy(campaignTitles(operation))}</p>
        )}
        {operation.amountSpendExtra > 0 && (
          <p className="operation__meta">
            {ru.cabinet.spentExtra(formatRoubles(operation.amountSpendExtra))}
          </p>
        )}
      </div>
      <div className="operation__bonuses">
        {operation.amountEarn > 0 && (
          <span className="operation__earn">{ru.cabinet.earned(formatBonuses(operation.amountEarn))}</span>
        )}
        {operation.amountSpend > 0 && (
          <span className="operation__spend">{ru.cabinet.spent(formatBonuses(operation.amountSpend))}</span>
        )}
      </div>
    </li>
  );
}
